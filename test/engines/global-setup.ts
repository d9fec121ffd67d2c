import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { browserServer, startSiteCommand } from '../shared/browser-server';
import { available, WEBDRIVER_PORT } from './engines';

/** The engine tier's own site, forms stand-in and WebKit driver. */
export const server = browserServer('engines', 8797, 8796);

async function until(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function start(command: string, env: Record<string, string> = {}): ChildProcess {
  // A process group of its own, so that stopping it stops what the shell started.
  return spawn('bash', ['-c', command], { detached: true, stdio: 'ignore', env: { ...process.env, ...env } });
}

/**
 * The site seen through a server that changes one byte of the card form's chunk on its way (its
 * last `;` becomes a space): the test server of the integrity check. Everything else passes as is.
 */
export const ALTERED_PORT = 8795;
function alteringProxy(target: string): Server {
  return createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      // As the site's own host: a form posted through it is the site's own.
      headers: Object.fromEntries(
        Object.entries(req.headers)
          .filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host')
          .map(([name, value]) => [
            name,
            name === 'origin' || name === 'referer' ? value.replace(`http://127.0.0.1:${ALTERED_PORT}`, target) : value,
          ]),
      ),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (req as unknown as ReadableStream),
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit);
    const body = Buffer.from(await upstream.arrayBuffer());
    if (/\/assets\/web-payment-form-[^/]+\.js$/.test(req.url ?? '') && body.length) body[body.length - 1] = 0x20;
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name)),
    );
    res.writeHead(upstream.status, headers);
    res.end(body);
  }).listen(ALTERED_PORT, '127.0.0.1');
}

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
  const proxy = alteringProxy(server.siteUrl);
  project.provide('siteUrl', server.siteUrl);
  project.provide('alteredSiteUrl', `http://127.0.0.1:${ALTERED_PORT}`);
  return () => {
    proxy.close();
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
