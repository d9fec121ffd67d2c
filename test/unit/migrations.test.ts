import { mkdtempSync, readdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { destructiveStatements, migrationsThatRemove } from '../../scripts/lib/migrations.mjs';

describe('migrations only add', () => {
  it('no migration drops or renames what a running version reads (but those written before the rule)', () => {
    expect(migrationsThatRemove('migrations')).toEqual([]);
  });

  it('a new migration that drops or renames is caught, whatever its spelling', () => {
    for (const sql of [
      'DROP TABLE idempotency_keys;',
      'drop table if exists payments',
      'ALTER TABLE payments DROP COLUMN last4;',
      'ALTER TABLE payments RENAME TO charges;',
      'ALTER TABLE payments RENAME COLUMN last4 TO last_four;',
      'DROP INDEX payees_url;',
    ])
      expect(destructiveStatements(sql), sql).toHaveLength(1);
    expect(destructiveStatements('CREATE TABLE t (a TEXT); ALTER TABLE t ADD COLUMN b INTEGER; -- DROP TABLE t')).toEqual([]);

    // The check over a folder: the project's migrations and one more that renames.
    const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const name of readdirSync('migrations')) copyFileSync(join('migrations', name), join(folder, name));
    writeFileSync(join(folder, '0099_rename.sql'), 'ALTER TABLE payments RENAME COLUMN last4 TO last_four;\n');
    expect(migrationsThatRemove(folder)).toEqual([
      { name: '0099_rename.sql', statements: ['ALTER TABLE payments RENAME COLUMN last4 TO last_four'] },
    ]);
  });
});
