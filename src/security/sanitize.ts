/**
 * Untrusted HTML from the origin (a payee's `customHeading`) reduced to simple formatting:
 * b, strong, i, em, u, br, p, and links to https URLs. Every other tag is dropped, with the
 * content of script-like elements; text is escaped; no attribute survives except a checked href.
 */
const SIMPLE = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p']);
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|svg|math|template|noscript|textarea|title|xmp)\b[\s\S]*?(<\/\1\s*>|$)/gi;

const escapeText = (s: string) =>
  s
    .replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function safeHref(raw: string): string | null {
  const decoded = raw.replace(/&amp;/g, '&').trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/.test(decoded)) return null;
  try {
    const url = new URL(decoded);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

export function sanitizeHeading(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROP_WITH_CONTENT, '');
  const out: string[] = [];
  const open: string[] = [];
  const tag = /<\/?([a-z][a-z0-9]*)\b([^>]*)>|<|>/gi;
  let last = 0;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    out.push(escapeText(source.slice(last, m.index)));
    last = tag.lastIndex;
    const name = m[1]?.toLowerCase();
    if (!name) {
      out.push(escapeText(m[0]));
      continue;
    }
    const closing = m[0].startsWith('</');
    if (closing) {
      if ((SIMPLE.has(name) || name === 'a') && open.includes(name)) {
        while (open.length) {
          const top = open.pop()!;
          out.push(`</${top}>`);
          if (top === name) break;
        }
      }
      continue;
    }
    if (name === 'br') out.push('<br>');
    else if (SIMPLE.has(name)) {
      out.push(`<${name}>`);
      open.push(name);
    } else if (name === 'a') {
      const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(m[2] ?? '');
      const target = href ? safeHref(href[2] ?? href[3] ?? href[4] ?? '') : null;
      if (target) {
        out.push(`<a href="${escapeAttr(target)}" rel="nofollow noopener noreferrer">`);
        open.push('a');
      }
    }
  }
  out.push(escapeText(source.slice(last)));
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
