import { p75, type Chart, type ChartId, type ChartWords, type DevChartsProps } from '../domain/dev-charts';
import { GOOD_MS } from '../domain/vitals';
import type { RecordedEvent } from './events';

/** How far back the charts read: the last hour, a minute at a time. */
const MINUTES = 60;

/** Each indicator of docs/operations.md a minute at a time over the last hour, from the events this isolate kept. */
export function chartsOf(
  events: readonly RecordedEvent[],
  words: Record<ChartId, ChartWords>,
  now = Date.now(),
): Pick<DevChartsProps, 'minutes' | 'charts'> {
  const last = Math.floor(now / 60_000);
  const minutes = Array.from({ length: MINUTES }, (_, i) => (last - MINUTES + 1 + i) * 60);
  const slot = (e: RecordedEvent) => Math.floor(Date.parse(e.at) / 60_000) - (last - MINUTES + 1);
  const kept = events.filter((e) => slot(e) >= 0 && slot(e) < MINUTES);
  const count = (match: (e: RecordedEvent) => boolean) => {
    const values: Array<number | null> = minutes.map(() => 0);
    for (const e of kept) if (match(e)) values[slot(e)]! += 1;
    return values;
  };
  const versions = [...new Set(kept.filter((e) => e.event === 'vitals').map((e) => e.version))].sort();
  const p75s = (field: 'lcp' | 'inp') =>
    versions.map((version) => {
      const byMinute = minutes.map((): number[] => []);
      for (const e of kept)
        if (e.event === 'vitals' && e.version === version && Number(e[field]) >= 0) byMinute[slot(e)]!.push(Number(e[field]));
      return { label: version, values: byMinute.map(p75) };
    });
  const charts: Chart[] = [
    {
      id: 'payments',
      ...words.payments,
      unit: 'count',
      series: [
        { label: 'approved', values: count((e) => e.event === 'payment' && e.outcome === 'approved') },
        { label: 'declined', values: count((e) => e.event === 'payment' && e.outcome === 'declined') },
        { label: 'failed', values: count((e) => e.event === 'payment' && e.outcome === 'failed') },
      ],
    },
    {
      id: 'errors',
      ...words.errors,
      unit: 'count',
      series: [
        { label: 'answers 5xx', values: count((e) => e.event === 'answer' && Number(e.status) >= 500) },
        { label: 'backend not ok', values: count((e) => e.event === 'backend' && e.outcome !== 'ok') },
        { label: 'browser errors', values: count((e) => e.event === 'browserError') },
      ],
    },
    { id: 'lcp', ...words.lcp, unit: 'ms', line: GOOD_MS.LCP, series: p75s('lcp') },
    { id: 'inp', ...words.inp, unit: 'ms', line: GOOD_MS.INP, series: p75s('inp') },
  ];
  return { minutes, charts };
}
