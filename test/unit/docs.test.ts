import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ describes the present, each thing once (runs live in git and results.json): no sentence
 * of the docs, README.md and ARCHITECTURE.md is written twice, and docs/ stays within the house
 * limit of 90 KB. `npm run bench` reports the size of all three.
 */
const docs = path.resolve(import.meta.dirname, '../../docs');
const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });

/** The sentences of a Markdown text long enough to say something (80 characters or more), tables and code left out. */
function sentences(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/^\|.*$/gm, '');
  return prose
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z`*(])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 80);
}

describe('docs/', () => {
  it('says each thing once: no sentence is written in two places', () => {
    const where = new Map<string, string[]>();
    for (const file of [...files(docs), path.join(root, 'README.md'), path.join(root, 'ARCHITECTURE.md')].filter((f) => f.endsWith('.md')))
      for (const sentence of sentences(readFileSync(file, 'utf8')))
        where.set(sentence, [...(where.get(sentence) ?? []), path.relative(root, file)]);
    const twice = [...where].filter(([, places]) => places.length > 1).map(([sentence, places]) => `${places.join(', ')}: ${sentence}`);
    expect(twice).toEqual([]);
    expect(sentences('A sentence that is long enough to count as one, said once in this text here and no more. Short.')).toHaveLength(1);
  });

  it('stays within 90 KB: the bytes of every file under docs/ add up to at most 90,000', () => {
    const bytes = files(docs).reduce((sum, file) => sum + statSync(file).size, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(90_000);
  });

  it('keeps each decision as a dated record with its status, context, decision and consequences', () => {
    const records = files(path.join(docs, 'decisions'));
    expect(records.length).toBeGreaterThan(10);
    for (const record of records) {
      const text = readFileSync(record, 'utf8');
      expect(path.basename(record)).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
      expect(text, record).toMatch(
        /^# .+\n\nDate: \d{4}-\d{2}-\d{2}\n\nStatus: (accepted|superseded by \d{3})\n\n## Context\n[\s\S]+\n## Decision\n[\s\S]+\n## Consequences\n/,
      );
    }
  });
});
