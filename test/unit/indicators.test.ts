import { describe, expect, it } from 'vitest';
import { BURN_RULES, evaluate, INDICATORS, windowSql, type WindowCounts } from '../../alerts/indicators';

/** Counts by window, read off the SQL's own interval: what Analytics Engine would answer. */
const counts =
  (byMinutes: Record<number, WindowCounts>) =>
  async (sql: string): Promise<WindowCounts> => {
    const minutes = Number(/INTERVAL '(\d+)' MINUTE/.exec(sql)![1]);
    return byMinutes[minutes] ?? { bad: 0, total: 0 };
  };

const payments = INDICATORS.find((i) => i.name === 'payments')!;

describe('the indicators and their burn-rate rules', () => {
  it('each SQL counts bad and total over its whole window, weighted by the sample interval', () => {
    for (const indicator of INDICATORS) {
      const sql = windowSql(indicator, 60);
      const weight = indicator.weight ?? '_sample_interval';
      expect(sql).toContain(
        `, ${weight}, 0)) AS bad, SUM(${weight}) AS total, SUM(IF(${indicator.bad}, 1, 0)) AS bad_rows FROM papaya_public_site_events`,
      );
      expect(weight).toContain('_sample_interval');
      expect(sql).toContain("timestamp > NOW() - INTERVAL '60' MINUTE");
      expect(sql).not.toMatch(/GROUP BY|toStartOfInterval/);
    }
    expect(BURN_RULES.map((r) => [r.state, r.rate, r.longMinutes, r.shortMinutes])).toEqual([
      ['page', 14.4, 60, 5],
      ['ticket', 6, 360, 30],
    ]);
  });

  it('pages when the last hour and the last 5 minutes both burn 14.4 times the budget', async () => {
    // 0.5 % budget: 7.2 % bad pages.
    const burning = { 60: { bad: 8, total: 100 }, 5: { bad: 1, total: 10 }, 360: { bad: 8, total: 100 }, 30: { bad: 8, total: 100 } };
    expect((await evaluate(payments, counts(burning))).state).toBe('page');
    // The hour burns, the last 5 minutes are quiet again: no page, but the 6 h rule still holds a ticket.
    expect((await evaluate(payments, counts({ ...burning, 5: { bad: 0, total: 10 } }))).state).toBe('ticket');
  });

  it('a ticket at 6 times over 6 hours and 30 minutes; nothing below', async () => {
    const slow = { 60: { bad: 5, total: 100 }, 5: { bad: 0, total: 10 }, 360: { bad: 31, total: 1000 }, 30: { bad: 4, total: 100 } };
    expect((await evaluate(payments, counts(slow))).state).toBe('ticket');
    expect((await evaluate(payments, counts({ ...slow, 360: { bad: 29, total: 1000 } }))).state).toBe('ok');
    expect((await evaluate(payments, counts({}))).state).toBe('ok');
  });
});
