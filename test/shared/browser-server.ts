/**
 * The site as the browser tiers see it: `wrangler dev` on the embedded origin with a fresh
 * database, and the stand-in for third-party forms and partner pages on its own origin. Playwright
 * (Chromium) and the engine tier (WebKit, Firefox) each start their own, on their own ports.
 */
export interface BrowserServer {
  siteUrl: string;
  formsUrl: string;
  /** Everything `wrangler dev` prints, the Worker's log lines among it. */
  log: string;
  /** Where the database lives, made anew each run. */
  state: string;
}

export function browserServer(name: string, sitePort: number, formsPort: number): BrowserServer {
  return {
    siteUrl: `http://127.0.0.1:${sitePort}`,
    formsUrl: `http://127.0.0.1:${formsPort}`,
    log: `.wrangler/${name}-worker.log`,
    state: `.wrangler/${name}-state`,
  };
}

/** The secret that signs the browser runs' form keys. */
export const BROWSER_FORM_KEY_SECRET = 'browser-tests-form-key-secret-00000000000';

/** The `wrangler dev` variables of a browser run: the forms on the stand-in, the pay-later promotion open. */
export function devVars(server: BrowserServer): string[] {
  return [
    `VERIFY_MERCHANT_FORM_URL:${server.formsUrl}/merchant`,
    `VERIFY_CONFIRMATION_FORM_URL:${server.formsUrl}/confirmation`,
    `VERIFY_NEWPARTNER_FORM_URL:${server.formsUrl}/newpartner`,
    `WIDGET_FRAME_ANCESTORS:${server.formsUrl}`,
    // The promotion ended in 2019; the browser tests walk the live flow.
    'PAY_LATER_UNTIL:2099-12-31',
    // Known to the tests, so they can hold a form key issued half an hour ago (the payer who went to find their card).
    `FORM_KEY_SECRET:${BROWSER_FORM_KEY_SECRET}`,
  ].flatMap((v) => ['--var', v]);
}

/** The shell command that starts the site: a fresh, migrated database each run, so demo tokens and limits start over. */
export function startSiteCommand(server: BrowserServer, extra: string[] = []): string {
  const port = new URL(server.siteUrl).port;
  return [
    `rm -rf ${server.state} ${server.log}`,
    `npx wrangler d1 migrations apply DB --local --persist-to ${server.state}`,
    `npx wrangler dev --port ${port} --ip 127.0.0.1 --persist-to ${server.state} ${[...devVars(server), ...extra].join(' ')} > ${server.log} 2>&1`,
  ].join(' && ');
}

/** Where the browser tiers keep what a person would look at after the run (each engine's receipt at 390 px). */
export const BROWSER_ARTEFACTS = 'test-results/browsers';

/** The file of one screenshot: `<engine>-<script|no-script>-<name>-390.png`. */
export const artefactPath = (engine: string, javaScript: boolean, name: string) =>
  `${BROWSER_ARTEFACTS}/${engine}-${javaScript ? 'script' : 'no-script'}-${name}-390.png`;

/** Waits until `url` answers below 500, or throws after `timeoutMs`. */
export async function until(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
