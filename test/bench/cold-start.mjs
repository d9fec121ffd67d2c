// The first answer of a new isolate, beside a bare Worker's, in one run: each Worker alone in a
// fresh workerd process (the services already up), timed from the process's start to the first
// answer's last byte, medians of `COLD_ROUNDS` starts. /healthz is the site's own floor: loading
// and evaluating the bundle, no page drawn.
import { performance } from 'node:perf_hooks';
import { median } from './budgets.mjs';
import { printColdProfile, profileFirstRequests, profileGlobalScope } from './cold-profile.mjs';
import { DESKTOP_UA } from './pages.mjs';
import { spawnWorkerd, stopChild } from './server.mjs';

const COLD_ROUNDS = Number(process.env.COLD_ROUNDS ?? 9);
/**
 * A page's cold first answer may take the bare Worker's and this much more: the renderer, the
 * schemas and the first render a page needs (decisions/016; the goal was 20).
 */
export const COLD_MARGIN_MS = 80;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstAnswer(config, url, pinned) {
  const started = performance.now();
  const { child } = spawnWorkerd(config, '0', 'cold-start.log');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode} before answering ${url}`);
      try {
        const res = await fetch(url, { redirect: 'manual', headers: { 'user-agent': DESKTOP_UA } });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`${url} answered ${res.status} on a cold start`);
        return performance.now() - started;
      } catch (error) {
        if (error instanceof Error && error.message.includes('on a cold start')) throw error;
        await sleep(pinned ? 1 : 2);
      }
    }
  } finally {
    await stopChild(child);
  }
}

/** `server` is startServer()'s, its own site process stopped: each start here is a process of its own. */
export async function measureColdStarts(server) {
  const targets = [
    { name: 'bare Worker', config: server.configs.bareAlone, url: `${server.bare}/`, bare: true },
    { name: '/healthz', config: server.configs.siteAlone, url: `${server.site}/healthz` },
    { name: '/valleymed', config: server.configs.siteAlone, url: `${server.site}/valleymed`, held: true },
    { name: '/web-payment?p=1001', config: server.configs.siteAlone, url: `${server.site}/web-payment?p=1001`, held: true },
  ];
  const times = new Map(targets.map((t) => [t, []]));
  for (let round = 0; round < COLD_ROUNDS; round++)
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(i + round) % targets.length];
      times.get(target).push(await firstAnswer(target.config, target.url, server.pinned));
    }
  const bareMs = median(times.get(targets[0]));
  const profile = {
    globalScope: profileGlobalScope(),
    firstRequests: await profileFirstRequests(
      server,
      targets.filter((t) => t.held).map((t) => t.name),
    ),
  };
  return {
    profile,
    rounds: COLD_ROUNDS,
    marginMs: COLD_MARGIN_MS,
    targets: targets.map((t) => ({
      name: t.name,
      medianMs: Math.round(median(times.get(t)) * 10) / 10,
      overBareMs: Math.round((median(times.get(t)) - bareMs) * 10) / 10,
      startsMs: times.get(t).map((ms) => Math.round(ms)),
      ...(t.held
        ? { budgetMs: Math.round((bareMs + COLD_MARGIN_MS) * 10) / 10, holds: median(times.get(t)) <= bareMs + COLD_MARGIN_MS }
        : {}),
    })),
  };
}

export function printColdStarts({ rounds, targets, profile }) {
  console.log(`\nCold first answers (medians of ${rounds} starts, each Worker alone in a new workerd process):`);
  for (const t of targets)
    console.log(
      `  ${t.name.padEnd(58)} ${`${t.medianMs} ms`.padStart(9)} ${`(+${t.overBareMs})`.padStart(8)}${t.budgetMs === undefined ? '' : `  (budget ${t.budgetMs} ms: ${t.holds ? 'holds' : 'FAILS'})`}   starts: ${t.startsMs.join(', ')}`,
    );
  printColdProfile(profile);
}
