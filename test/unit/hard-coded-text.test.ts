import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/domain/catalogue/en';

/**
 * Every word a visitor reads lives in the message catalogue: no module of the site writes
 * visitor-facing text of its own, neither between tags nor in the attributes a visitor sees or
 * hears (labels, alternative text, titles, placeholders), nor as a sentence in a `.ts` module (a
 * field message, an API error). A sentence the English catalogue holds is its home's and is said
 * in the visitor's language (`sayIn`). The exceptions are words no visitor reads in a page of the
 * site, each with its reason.
 */
const ROOT = join(__dirname, '../..');
const FOLDERS = ['src', 'client'];
const EXCEPTIONS: Array<[RegExp, string]> = [
  [
    /^src\/pages\/legal\//,
    'the legal documents: English only until counsel provides translations; their pages open with the catalogue summary',
  ],
  [/^src\/domain\/catalogue\//, 'the catalogue itself'],
  [/^src\/demo\/|^src\/routes\/dev\.tsx$/, "the local demo's pages and tools, with their own table of both languages (src/demo/words.ts)"],
  [/^src\/origin\/embedded\//, "the embedded backend's own answers, in the backend's words (contract §3)"],
  [/^src\/domain\/declines\.ts$/, "the backend's decline texts, read to tell the reason (contract §3)"],
  [/^src\/settings\//, "the operators' words: a setting refused by name, in the logs and the configuration page"],
  [
    /^src\/web\/server-error\.ts$/,
    'the page for settings that cannot be read, drawn without the catalogue since reading it may be what failed',
  ],
  [/^src\/web\/browser-only\.ts$/, "a developer's error: a browser library reached from the Worker"],
  [
    /^src\/routes\/(api\/(index|browser-errors|csp-reports|vitals)|readiness|short-links)\.(ts|tsx)$/,
    "answers to machines: an unknown API call, a malformed or over-limit report, a readiness check, an old client's short link",
  ],
  [/^src\/web\/validate\.ts$/, 'the answer to a body that is not JSON, which no page or island sends'],
];

const english = new Set<string>(
  Object.values(en).flatMap((group) => Object.values(group as Record<string, unknown>).filter((v): v is string => typeof v === 'string')),
);

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : /\.tsx?$/.test(path) && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Text between tags with a word in it, and the visible attributes written as plain strings. */
const JSX_TEXT = />\s*([^<>{}]*[A-Za-z]{2,}[^<>{}]*?)\s*</g;
/** A sentence in quotes (three words or more, the first capitalized), wherever it is written. */
const SENTENCE = /(['"`])([A-Z][a-z']*(?: [A-Za-z'’,]+){2,}[.!?…]?)\1/g;
const VISIBLE_ATTRIBUTE = /\b(label|alt|title|placeholder|aria-label|alternative|choose)="([^"]*[A-Za-z]{2,}[^"]*)"/g;

const BRAND = 'Papaya';

function hardCoded(source: string, jsx = true): string[] {
  // Comments are for developers.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const [, text] of jsx ? code.matchAll(JSX_TEXT) : []) {
    const words = text!.trim();
    // What the pattern catches between a comparison's `>` and `<` is code, not text; the brand is no word to translate.
    if (/=>|\(|\)|;|&&|\|\||\?\.|^,/.test(words) || words === BRAND) continue;
    found.push(words);
  }
  for (const [, name, value] of jsx ? code.matchAll(VISIBLE_ATTRIBUTE) : []) found.push(`${name}="${value}"`);
  // A sentence the English catalogue holds is defined here for the catalogue, and said in each language.
  for (const [, , sentence] of code.matchAll(SENTENCE)) if (!english.has(sentence!)) found.push(sentence!);
  return found;
}

describe('visitor-facing text', () => {
  const checked = FOLDERS.flatMap(files)
    .map((path) => relative(ROOT, join(ROOT, path)))
    .filter((path) => !EXCEPTIONS.some(([e]) => e.test(path)));

  it('is found where it is written (the check itself)', () => {
    expect(hardCoded('<p>Pay your bill</p>')).toEqual(['Pay your bill']);
    expect(hardCoded('<img alt="A logo" />')).toEqual(['alt="A logo"']);
    expect(hardCoded("<p>{busy ? 'Please wait a moment' : text.send}</p>")).toEqual(['Please wait a moment']);
    expect(hardCoded('<p>{text.heading}</p>')).toEqual([]);
    expect(hardCoded("const message = 'Please try again later.';", false)).toEqual(['Please try again later.']);
    expect(hardCoded("export const REQUIRED = 'Please check the highlighted fields.';", false)).toEqual([]);
  });

  it('reads every module of the site, .ts and .tsx', () => {
    expect(checked.some((p) => p.endsWith('.ts'))).toBe(true);
    expect(checked.some((p) => p.endsWith('.tsx'))).toBe(true);
    expect(checked.length).toBeGreaterThan(150);
  });

  it.each(checked)('%s writes none of its own', (path) => {
    expect(hardCoded(readFileSync(join(ROOT, path), 'utf8'), path.endsWith('.tsx'))).toEqual([]);
  });
});
