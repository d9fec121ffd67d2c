import { CHART_WORDS, DEMO_WORDS } from '../demo/words';
import type { DevChartsProps } from '../domain/dev-charts';
import { chartsStylesheetHref } from '../web/assets';
import { chartsOf } from '../telemetry/charts';
import type { RecordedEvent } from '../telemetry/events';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import DevCharts from '../../client/islands/dev-charts';
import { Document } from './shell/document';

/** `/_dev/charts` in the local demo: each indicator over the last hour, drawn from the events this site recorded. */
export function DevChartsPage({ events }: { events: readonly RecordedEvent[] }) {
  const { language } = usePageContext();
  const words = DEMO_WORDS[language];
  const props: DevChartsProps = {
    ...chartsOf(events, CHART_WORDS[language]),
    words: { minute: words.chartsMinute, threshold: words.chartsThreshold, source: words.chartsSource, none: words.chartsNone },
  };
  return (
    <Document page="Dev-Charts" title={words.chartsTitle} personal stylesheet={chartsStylesheetHref}>
      <section className="card">
        <h1>{words.chartsTitle}</h1>
        <p>{words.chartsIntro}</p>
        <Island name="dev-charts" component={DevCharts} props={props} />
      </section>
    </Document>
  );
}
