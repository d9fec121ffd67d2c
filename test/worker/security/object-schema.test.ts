import { describe, expect, it } from 'vitest';
import { GUARD_SCHEMA } from '../../../src/security/guard-object';

/**
 * During a gradual release each Durable Object runs one version or the other, and either may
 * start an object the other made: what an object runs at start may only add what the other
 * version can live with. Each statement that would break the other version is refused with its reason.
 */
function breaksASplit(statement: string): string | null {
  const sql = statement.replace(/\s+/g, ' ').trim().toUpperCase();
  if (/^CREATE UNIQUE INDEX/.test(sql))
    return 'a new UNIQUE index refuses rows the other version still writes, and cannot be built over duplicates it wrote';
  if (/^CREATE (TABLE|INDEX) IF NOT EXISTS /.test(sql)) return null;
  if (/^CREATE (TABLE|INDEX) /.test(sql)) return 'runs on every start: without IF NOT EXISTS the second start fails';
  if (/^ALTER TABLE \S+ ADD COLUMN /.test(sql))
    return /\bNOT NULL\b/.test(sql) && !/\bDEFAULT\b/.test(sql)
      ? "a NOT NULL column without a DEFAULT refuses the other version's INSERTs, which name no value for it"
      : null;
  if (/^(ALTER TABLE \S+ (RENAME|DROP)|DROP )/.test(sql)) return 'the other version still reads and writes it by its old name';
  if (/^(UPDATE|DELETE|INSERT|REPLACE) /.test(sql))
    return 'runs on every start of every object, rewriting what the other version wrote and costing each start a write';
  return 'not known to be safe while two versions run';
}

describe("the guard's schema during a gradual release", () => {
  it('every statement a counter runs at start only adds', () => {
    for (const statement of GUARD_SCHEMA) expect(breaksASplit(statement), statement).toBeNull();
  });

  it('refuses, each with its reason, what would break the other version', () => {
    expect(breaksASplit('ALTER TABLE events ADD COLUMN weight INTEGER NOT NULL')).toMatch(/NOT NULL column without a DEFAULT/);
    expect(breaksASplit('CREATE UNIQUE INDEX IF NOT EXISTS events_member ON events (key, member)')).toMatch(/UNIQUE index/);
    expect(breaksASplit("UPDATE events SET member = '' WHERE member IS NULL")).toMatch(/runs on every start of every object/);
    expect(breaksASplit('ALTER TABLE events RENAME COLUMN at TO taken_at')).toMatch(/old name/);
    expect(breaksASplit('DROP INDEX events_expires')).toMatch(/old name/);
    expect(breaksASplit('CREATE TABLE totals (key TEXT)')).toMatch(/IF NOT EXISTS/);
  });

  it('lets through what only adds', () => {
    expect(breaksASplit('ALTER TABLE events ADD COLUMN weight INTEGER NOT NULL DEFAULT 1')).toBeNull();
    expect(breaksASplit('ALTER TABLE events ADD COLUMN note TEXT')).toBeNull();
    expect(breaksASplit('CREATE INDEX IF NOT EXISTS events_member ON events (member)')).toBeNull();
  });
});
