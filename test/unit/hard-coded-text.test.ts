import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every word a visitor reads lives in the message catalogue: no page, route or island writes
 * visitor-facing text of its own, neither between tags nor in the attributes a visitor sees or
 * hears (labels, alternative text, titles, placeholders). The legal documents (English only until
 * counsel provides translations; their pages open with the catalogue's summary) are the exception.
 * The local demo's pages take their words from the demo's own table (src/demo/words.ts).
 */
const ROOT = join(__dirname, '../..');
const FOLDERS = ['src/pages', 'src/routes', 'client'];
const EXCEPTIONS = [/^src\/pages\/legal\//];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

/** Text between tags with a word in it, and the visible attributes written as plain strings. */
const JSX_TEXT = />\s*([^<>{}]*[A-Za-z]{2,}[^<>{}]*?)\s*</g;
/** A sentence in quotes (three words or more, the first capitalized), wherever it is written. */
const SENTENCE = /(['"`])([A-Z][a-z']*(?: [A-Za-z'’,]+){2,}[.!?…]?)\1/g;
const VISIBLE_ATTRIBUTE = /\b(label|alt|title|placeholder|aria-label|alternative|choose)="([^"]*[A-Za-z]{2,}[^"]*)"/g;

const BRAND = 'Papaya';

function hardCoded(source: string): string[] {
  // Comments are for developers.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const [, text] of code.matchAll(JSX_TEXT)) {
    const words = text!.trim();
    // What the pattern catches between a comparison's `>` and `<` is code, not text; the brand is no word to translate.
    if (/=>|\(|\)|;|&&|\|\||\?\.|^,/.test(words) || words === BRAND) continue;
    found.push(words);
  }
  for (const [, name, value] of code.matchAll(VISIBLE_ATTRIBUTE)) found.push(`${name}="${value}"`);
  for (const [, , sentence] of code.matchAll(SENTENCE)) found.push(sentence!);
  return found;
}

describe('visitor-facing text', () => {
  const checked = FOLDERS.flatMap(files)
    .map((path) => relative(ROOT, join(ROOT, path)))
    .filter((path) => !EXCEPTIONS.some((e) => e.test(path)));

  it('is found where it is written (the check itself)', () => {
    expect(hardCoded('<p>Pay your bill</p>')).toEqual(['Pay your bill']);
    expect(hardCoded('<img alt="A logo" />')).toEqual(['alt="A logo"']);
    expect(hardCoded("<p>{busy ? 'Please wait a moment' : text.send}</p>")).toEqual(['Please wait a moment']);
    expect(hardCoded('<p>{text.heading}</p>')).toEqual([]);
  });

  it.each(checked)('%s writes none of its own', (path) => {
    expect(hardCoded(readFileSync(join(ROOT, path), 'utf8'))).toEqual([]);
  });
});
