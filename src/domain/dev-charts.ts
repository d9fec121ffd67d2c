/**
 * The local site's charts (`/_dev/charts`): each indicator a minute at a time, drawn from the
 * events this site recorded. Shared by the Worker, which counts, and the island, which draws.
 */

export interface ChartSeries {
  label: string;
  /** One value a minute; null where the minute had nothing to read. */
  values: Array<number | null>;
}

export const CHART_IDS = ['payments', 'errors', 'lcp', 'inp'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** What a chart says of itself, in the page's language: its title, the indicator's threshold, and the events it is drawn from. */
export interface ChartWords {
  title: string;
  threshold: string;
  source: string;
}

export interface Chart extends ChartWords {
  id: ChartId;
  /** What one value is: a count a minute, or milliseconds. */
  unit: 'count' | 'ms';
  /** The line the values are held to (web.dev's good), where there is one. */
  line?: number;
  /** Each line of the chart, named by what it counts (an event's outcome, a version): the events' own names. */
  series: ChartSeries[];
}

export interface DevChartsProps {
  /** Each minute's start, in Unix seconds. */
  minutes: number[];
  charts: Chart[];
  words: { minute: string; threshold: string; source: string; none: string };
}

/** The p75 of some values, by nearest rank (as ClickHouse's `quantileExactWeighted` reads it when every row weighs one). */
export function p75(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.75 * sorted.length) - 1)]!;
}
