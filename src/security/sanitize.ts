/**
 * Untrusted HTML from the origin (a payee's `customHeading`) reduced to simple formatting: b,
 * strong, i, em, u, br, p, and links to https URLs. The markup is read by the runtime's HTML
 * parser (`HTMLRewriter`), and the result is written anew from what it reports: allowed elements
 * without attributes (a checked href on links), escaped text, nothing else. Elements whose content
 * is not text a visitor should see (scripts, styles, frames, SVG, MathML, form controls' raw
 * text) are dropped with their content; every other element is dropped and its text kept.
 */
const SIMPLE = new Set(['b', 'strong', 'i', 'em', 'u', 'p']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'select',
  'head',
]);

const escapeText = (s: string) =>
  s
    .replace(/&(?!(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An https URL without credentials, as the browser will read it, or null. */
function safeHref(raw: string): string | null {
  const decoded = raw.replace(/&amp;/gi, '&').trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/.test(decoded)) return null;
  try {
    const url = new URL(decoded);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** Runs `handler` at the element's end tag; false for void elements, which have none. */
function atEndTag(el: Element, handler: () => void): boolean {
  try {
    el.onEndTag(handler);
    return true;
  } catch {
    return false;
  }
}

/** Closes the open elements down to the innermost `name`, if one is open. */
function closeTo(out: string[], open: string[], name: string): void {
  if (!open.includes(name)) return;
  while (open.length) {
    const top = open.pop()!;
    out.push(`</${top}>`);
    if (top === name) break;
  }
}

/** Writes the start tag of an allowed element (a link only with a safe href) and returns its name, or null for one that is not written. */
function openTag(out: string[], open: string[], el: Element, name: string): string | null {
  if (SIMPLE.has(name)) {
    if (name === 'p') closeTo(out, open, 'p');
    out.push(`<${name}>`);
    return name;
  }
  if (name !== 'a') return null;
  const target = safeHref(el.getAttribute('href') ?? '');
  if (!target) return null;
  closeTo(out, open, 'a');
  out.push(`<a href="${escapeAttr(target)}" rel="nofollow noopener noreferrer">`);
  return 'a';
}

export async function sanitizeHeading(html: string): Promise<string> {
  if (!html) return '';
  const out: string[] = [];
  const open: string[] = [];
  let dropping = 0;
  let text = '';

  const flushText = () => {
    if (text && dropping === 0) out.push(escapeText(text));
    text = '';
  };

  const rewriter = new HTMLRewriter()
    .on('*', {
      element(el) {
        flushText();
        const name = el.tagName.toLowerCase();
        if (DROP_WITH_CONTENT.has(name)) {
          const ends = atEndTag(el, () => {
            flushText();
            dropping--;
          });
          if (ends) dropping++;
          return;
        }
        if (dropping > 0) return;
        if (name === 'br') {
          out.push('<br>');
          return;
        }
        const tag = openTag(out, open, el, name);
        if (!tag) return;
        const ends = atEndTag(el, () => {
          flushText();
          if (dropping === 0) closeTo(out, open, tag);
        });
        if (ends) open.push(tag);
        else out.push(`</${tag}>`);
      },
    })
    .onDocument({
      text(chunk) {
        text += chunk.text;
        if (chunk.lastInTextNode) flushText();
      },
    });
  await rewriter.transform(new Response(html)).arrayBuffer();
  flushText();
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
