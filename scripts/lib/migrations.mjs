// Migrations that only add: a running version (the one still serving during a gradual deploy, or
// after a rollback) reads the tables and columns it was built with, so a new migration never
// drops or renames one. The release path (`npm run deploy`) and a unit test both use this check.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Migrations written before the rule, each with what it removed and why that was safe then. */
export const GRANDFATHERED = {
  '0004_limits_in_durable_objects.sql': 'dropped rate_events once the limits had moved to Durable Objects, before any deploy',
};

const DESTRUCTIVE = [
  /\bDROP\s+(TABLE|COLUMN|INDEX|VIEW|TRIGGER)\b/i,
  /\bALTER\s+TABLE\s+\S+\s+(DROP|RENAME)\b/i,
  /\bRENAME\s+(TO|COLUMN)\b/i,
  /\bDELETE\s+FROM\b/i,
];

/** The statements of `sql` that remove or rename something a running version may read. */
export function destructiveStatements(sql) {
  const statements = sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  return statements.filter((statement) => DESTRUCTIVE.some((pattern) => pattern.test(statement)));
}

/** Every migration of `folder` that drops or renames, but those written before the rule. */
export function migrationsThatRemove(folder = 'migrations') {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql') && !(name in GRANDFATHERED))
    .sort()
    .map((name) => ({ name, statements: destructiveStatements(readFileSync(join(folder, name), 'utf8')) }))
    .filter((m) => m.statements.length > 0);
}
