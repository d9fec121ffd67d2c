import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ describes the present, once: at most 76 KB, room for a few more records; what keeps docs
 * short is each thing said once (runs live in git and results.json).
 */
const docs = path.resolve(import.meta.dirname, '../../docs');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });

describe('docs/', () => {
  it('stays within 76 KB', () => {
    const bytes = files(docs).reduce((sum, file) => sum + statSync(file).size, 0);
    expect(bytes).toBeLessThanOrEqual(76_000);
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
