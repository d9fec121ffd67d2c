import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { artefactPath, BROWSER_ARTEFACTS } from '../shared/browser-server';
import { available, open, type EngineName, type Window } from './engines';
import { FLOWS } from './flows';

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
        current = { w: await open(engine, { javaScript, phone: !computer }), computer };
        return current.w;
      };
      beforeAll(async () => void (await window(false)), 60_000);
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
