import { describe, expect, it } from 'vitest';
import { CHART_WORDS } from '../../src/demo/words';
import { p75 } from '../../src/domain/dev-charts';
import { chartsOf } from '../../src/telemetry/charts';
import type { RecordedEvent } from '../../src/telemetry/events';

const NOW = Date.parse('2026-11-29T03:30:20Z');
const OLD = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const NEW = '11111111-2222-4333-8444-555555555555';
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const event = (e: Partial<RecordedEvent> & { event: RecordedEvent['event'] }, minutesAgo: number, version = OLD) =>
  ({ at: at(minutesAgo), version, ...e }) as RecordedEvent;

describe('the local charts', () => {
  it('count each minute of the last hour, and read p75 LCP and INP a minute at a time, by version', () => {
    const events = [
      event({ event: 'payment', outcome: 'approved' }, 0),
      event({ event: 'payment', outcome: 'approved' }, 0),
      event({ event: 'payment', outcome: 'declined' }, 2),
      event({ event: 'answer', status: 503 }, 2),
      event({ event: 'answer', status: 200 }, 2),
      event({ event: 'browserError' }, 3),
      ...[900, 1000, 1100, 4000].map((lcp) => event({ event: 'vitals', lcp, inp: -1 }, 1)),
      event({ event: 'vitals', lcp: 2600, inp: 120 }, 1, NEW),
      // Older than the hour: not drawn.
      event({ event: 'payment', outcome: 'approved' }, 61),
    ];
    const { minutes, charts } = chartsOf(events, CHART_WORDS.en, NOW);
    expect(minutes).toHaveLength(60);
    expect(minutes.at(-1)).toBe(Date.parse('2026-11-29T03:30:00Z') / 1000);
    const series = (id: string) => Object.fromEntries(charts.find((c) => c.id === id)!.series.map((s) => [s.label, s.values.slice(-4)]));
    expect(series('payments')).toEqual({ approved: [0, 0, 0, 2], declined: [0, 1, 0, 0], failed: [0, 0, 0, 0] });
    expect(series('errors')).toEqual({ 'answers 5xx': [0, 1, 0, 0], 'backend not ok': [0, 0, 0, 0], 'browser errors': [1, 0, 0, 0] });
    expect(series('lcp')).toEqual({ [NEW]: [null, null, 2600, null], [OLD]: [null, null, 1100, null] });
    // A browser that did not measure INP gives no p75 of it.
    expect(series('inp')).toEqual({ [NEW]: [null, null, 120, null], [OLD]: [null, null, null, null] });
    expect(charts.map((c) => [c.id, c.title, c.line])).toEqual([
      ['payments', 'Payments a minute', undefined],
      ['errors', 'Errors a minute', undefined],
      ['lcp', 'p75 LCP by version', 2500],
      ['inp', 'p75 INP by version', 200],
    ]);
  });

  it('p75 by nearest rank', () => {
    expect(p75([])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([1, 2, 3, 4, 5, 6, 7, 8])).toBe(6);
  });
});
