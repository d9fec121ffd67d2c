import { useEffect, useRef } from 'react';
import type { Chart, DevChartsProps } from '../../src/domain/dev-charts';
import { fill } from '../../src/domain/catalogue/fill';

/** Each series' colour, in order: the site's orange, then colours told apart without colour vision (Okabe and Ito). */
const COLOURS = ['#c2410c', '#0072b2', '#009e73', '#cc79a7', '#56b4e9', '#e69f00'];

/** One chart drawn with uPlot once the browser runs it; the page's table says the same without script. */
function Drawn({ chart, minutes }: { chart: Chart; minutes: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: { destroy(): void } | undefined;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (gone || !box.current) return;
      const width = Math.min(box.current.clientWidth || 640, 960);
      const data = [minutes, ...chart.series.map((s) => s.values)] as unknown as ConstructorParameters<typeof UPlot>[1];
      plot = new UPlot(
        {
          width,
          height: 220,
          series: [
            {},
            ...chart.series.map((s, i) => ({
              label: s.label,
              stroke: COLOURS[i % COLOURS.length],
              width: 2,
              // A p75 is read only in the minutes with views: each one a point of its own.
              points: { show: chart.unit === 'ms', size: 6 },
            })),
          ],
          scales: { y: { range: (_u, min, max) => [0, Math.max(max ?? 0, chart.line ?? 0, min ?? 0, 1) * 1.1] } },
          axes: [{}, { label: chart.unit === 'ms' ? 'ms' : undefined }],
          hooks: chart.line
            ? {
                draw: [
                  (u) => {
                    const y = u.valToPos(chart.line!, 'y', true);
                    u.ctx.save();
                    u.ctx.strokeStyle = '#6b7280';
                    u.ctx.setLineDash([6, 4]);
                    u.ctx.beginPath();
                    u.ctx.moveTo(u.bbox.left, y);
                    u.ctx.lineTo(u.bbox.left + u.bbox.width, y);
                    u.ctx.stroke();
                    u.ctx.restore();
                  },
                ],
              }
            : {},
        },
        data,
        box.current,
      );
      box.current.dataset.drawn = 'true';
    });
    return () => {
      gone = true;
      plot?.destroy();
    };
  }, [chart, minutes]);
  return <div ref={box} className="dev-chart" aria-hidden="true" />;
}

/** The local site's indicators over the last hour: a chart each, and the same figures as a table. */
export default function DevCharts({ minutes, charts, words }: DevChartsProps) {
  const shown = minutes.map((m, i) => ({ m, i })).filter(({ i }) => charts.some((c) => c.series.some((s) => (s.values[i] ?? 0) !== 0)));
  return (
    <>
      {charts.map((chart) => (
        <figure key={chart.id} className="dev-figure" aria-labelledby={`chart-${chart.id}`} data-chart={chart.id}>
          <figcaption id={`chart-${chart.id}`}>
            <strong>{chart.title}</strong>
            <br />
            {fill(words.threshold, { threshold: chart.threshold })} · {fill(words.source, { source: chart.source })}
          </figcaption>
          <Drawn chart={chart} minutes={minutes} />
          {shown.length === 0 || chart.series.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{words.minute}</th>
                  {chart.series.map((s) => (
                    <th scope="col" key={s.label}>
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map(({ m, i }) => (
                  <tr key={m}>
                    <th scope="row">{new Date(m * 1000).toISOString().slice(11, 16)}</th>
                    {chart.series.map((s) => (
                      <td key={s.label}>{s.values[i] ?? '—'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </figure>
      ))}
    </>
  );
}
