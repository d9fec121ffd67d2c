import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { browserServer, startSiteCommand, until } from '../shared/browser-server';
import { tamperingProxy } from '../shared/tampering-proxy';
import { available, WEBDRIVER_PORT } from './engines';

/** The engine tier's own site, forms stand-in and WebKit driver. */
export const server = browserServer('engines', 8797, 8796);

function start(command: string, env: Record<string, string> = {}): ChildProcess {
  // A process group of its own, so that stopping it stops what the shell started.
  return spawn('bash', ['-c', command], { detached: true, stdio: 'ignore', env: { ...process.env, ...env } });
}

/** The site seen through a server that changes one byte of the card form's chunk: the test server of the integrity check. */
const ALTERED_PORT = 8795;

export default async function setup(project: TestProject) {
  // An engine whose browser is missing has its tests skipped (walk.ts); `npm run test:engines`
  // names it and what to install, and fails under CI=true (test/shared/browser-tier.mjs).
  const webkit = available('webkit');
  if (!webkit && !available('firefox')) return;
  const children = [
    start('node test/e2e/stand-ins/forms.mjs', { FORMS_PORT: new URL(server.formsUrl).port, SITE_URL: server.siteUrl }),
    start(startSiteCommand(server), { WRANGLER_SEND_METRICS: 'false' }),
    // A phone-sized screen; each session sets its window to the phone's width (engines.ts).
    ...(webkit ? [start(`exec xvfb-run -a -s "-screen 0 390x844x24" WebKitWebDriver --port=${WEBDRIVER_PORT}`)] : []),
  ];
  const stop = () => {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  try {
    await until(`${server.formsUrl}/merchant`, 20_000);
    await until(`${server.siteUrl}/robots.txt`, 120_000);
    if (webkit) await until(`http://127.0.0.1:${WEBDRIVER_PORT}/status`, 20_000);
  } catch (error) {
    stop();
    throw error;
  }
  const proxy = tamperingProxy(server.siteUrl, ALTERED_PORT, 'chunk-byte');
  project.provide('siteUrl', server.siteUrl);
  project.provide('alteredSiteUrl', proxy.url);
  return () => {
    void proxy.close();
    stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The site through a server that changes one byte of one chunk. */
    alteredSiteUrl: string;
  }
}
