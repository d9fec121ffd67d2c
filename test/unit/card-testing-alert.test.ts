import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countsOf } from '../../alerts/evaluator';
import { EVENTS_DATASET, evaluate, INDICATORS } from '../../alerts/indicators';
import { EVENT_LAYOUT } from '../../src/telemetry/events';
// @ts-expect-error: a plain .mjs module of the scripts
import { CHDB_INSTALL, chdbSession, loadEvents } from '../../scripts/lib/clickhouse.mjs';

/**
 * The card-testing indicator on recorded events, counted in ClickHouse (chDB, Analytics Engine's
 * dialect): a pause tripped by testers pages the operator; a busy honest hour does not.
 */
const VERSION = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const root = path.resolve(import.meta.dirname, '../..');
const chdbInstalled = existsSync(path.join(root, 'node_modules/chdb/package.json'));
if (!chdbInstalled && process.env.CI !== 'true')
  console.warn(`SKIPPED: the card-testing alert on recorded events needs chDB: ${CHDB_INSTALL} (npm test installs it).`);

const cardTesting = INDICATORS.find((indicator) => indicator.name === 'card-testing')!;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const payment = (m: number, outcome: string, reason = '') => ({
  event: 'payment',
  at: minutesAgo(m),
  version: VERSION,
  outcome,
  reason,
  amount: 25,
});

let session: { query(sql: string, format: string): string } | undefined;
async function state(events: unknown[]) {
  const engine = (session ??= new (await chdbSession())());
  loadEvents(engine, events, EVENT_LAYOUT, EVENTS_DATASET);
  return (await evaluate(cardTesting, async (sql) => countsOf(JSON.parse(engine.query(sql, 'JSONEachRow').trim().split('\n')[0] || '{}'))))
    .state;
}

describe.skipIf(!chdbInstalled && process.env.CI !== 'true')('the card-testing alert', () => {
  it("testers that trip a payee's pause page the operator, the pause and its refusals counted", async () => {
    const events = [
      ...Array.from({ length: 120 }, (_, i) => payment(50 - i / 10, i % 8 ? 'approved' : 'declined', i % 8 ? '' : 'securityCode')),
      ...Array.from({ length: 22 }, (_, i) => payment(4 - i / 10, i % 10 ? 'declined' : 'approved', i % 10 ? 'securityCode' : '')),
      {
        event: 'limit',
        at: minutesAgo(2),
        version: VERSION,
        policy: 'pausedPayee',
        route: '/payment/payment_back.php',
        action: 'paused',
        reference: 'ABCDEF12',
      },
      ...Array.from({ length: 30 }, (_, i) => payment(2 - i / 20, 'refused', 'pausedPayee')),
    ];
    expect(await state(events)).toBe('page');
  });

  it('a busy honest hour, 15 % declined and no pause, pages nobody', async () => {
    const events = Array.from({ length: 200 }, (_, i) =>
      payment(59 - i * 0.29, i % 20 < 3 ? 'declined' : 'approved', i % 20 < 3 ? 'securityCode' : ''),
    );
    expect(await state(events)).toBe('ok');
  });
});
