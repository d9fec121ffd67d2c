import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { artefactPath, BROWSER_ARTEFACTS } from '../shared/browser-server';
import { available, open, type EngineName, type OpenOptions, type Window } from './engines';
import { FLOWS } from './flows';

/** How long a browser may take to open before it is opened again. */
const OPEN_WITHIN_MS = 40_000;

/**
 * Opens a window, and once more if the driver has not answered in time: on a loaded machine a
 * launch has hung past its hook's time (Firefox without script, once). A window that opens late
 * after all is closed.
 */
async function openPatiently(engine: EngineName, options: OpenOptions): Promise<Window> {
  for (let attempt = 1; ; attempt++) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const opening = open(engine, options);
    try {
      return await Promise.race([
        opening,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${engine} did not open within ${OPEN_WITHIN_MS} ms`)), OPEN_WITHIN_MS);
        }),
      ]);
    } catch (error) {
      opening.then((late) => late.close()).catch(() => undefined);
      if (attempt === 2) throw error;
      console.warn(`${String(error)}: opening it again`);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
}

/**
 * Every flow in one engine, with script and without, at 390 px: on the phone the engine stands
 * for (an iPhone for WebKit, an Android phone for Firefox), or on a computer's user agent for the
 * pages phones never see. The demo data starts over before each flow.
 */
export function walkEveryFlow(engine: EngineName) {
  const site = inject('siteUrl');
  const alteredSite = inject('alteredSiteUrl');
  mkdirSync(BROWSER_ARTEFACTS, { recursive: true });

  for (const javaScript of [true, false]) {
    describe.skipIf(!available(engine))(`${engine}, ${javaScript ? 'with' : 'without'} JavaScript, 390 px`, () => {
      // One window at a time (WebKitWebDriver holds one session), reopened when the user agent changes.
      let current: { w: Window; computer: boolean } | undefined;
      const window = async (computer: boolean) => {
        if (current?.computer === computer) return current.w;
        await current?.w.close();
        current = { w: await openPatiently(engine, { javaScript, phone: !computer }), computer };
        return current.w;
      };
      beforeAll(async () => void (await window(false)), 2 * OPEN_WITHIN_MS + 10_000);
      afterAll(async () => current?.w.close().catch(() => undefined));
      beforeEach(async () => expect((await fetch(`${site}/_dev/reset`, { method: 'POST' })).ok).toBe(true));

      for (const flow of FLOWS)
        it(flow.name, async () => {
          const w = await window(!!flow.computer);
          await flow.run({
            w,
            site,
            alteredSite,
            javaScript,
            artefact: (name) => artefactPath(engine, javaScript, name),
          });
        });
    });
  }
}
