// node scripts/collect-in-app-user-agents.mjs: rebuilds test/unit/corpora/user-agents-history/in-app.json.
// The npm package `user-agents` (BSD-2-Clause) publishes a new sample of real browsers' user agents
// almost every day. Each version holds too few in-app browsers to score them, but its whole published
// history holds thousands. This reads every published version's data file and keeps, once each, every
// entry whose user agent names an in-app browser, with what that browser reported about itself
// (platform, device category) and the first version that held it. Nothing is written by hand.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const OUT = join(import.meta.dirname, '..', 'test', 'unit', 'corpora', 'user-agents-history', 'in-app.json');
const REGISTRY = 'https://registry.npmjs.org/user-agents';

/** Any token an in-app browser adds to the system browser's user agent, from the list the corpus test scores by. */
const IN_APP = new RegExp(
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'test', 'unit', 'in-app-browsers.json'), 'utf8'))
    .map(({ token }) => token)
    .join('|'),
  'i',
);

const packument = await (await fetch(REGISTRY)).json();
// Oldest first, so each entry is credited to the first version that published it.
const versions = Object.keys(packument.versions).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const found = new Map();

for (const version of versions) {
  const tarball = Buffer.from(await (await fetch(packument.versions[version].dist.tarball)).arrayBuffer());
  const listing = execFileSync('tar', ['tzf', '-'], { input: tarball }).toString().split('\n');
  // The data file moved over the years (src/, dist/, plain or gzipped); the first one listed is read.
  const dataFile = listing.find((path) => /\/user-agents\.json(\.gz)?$/.test(path));
  if (!dataFile) continue;
  let data = execFileSync('tar', ['xzOf', '-', dataFile], { input: tarball, maxBuffer: 1 << 30 });
  if (dataFile.endsWith('.gz')) data = gunzipSync(data);
  for (const entry of JSON.parse(data.toString())) {
    if (!IN_APP.test(entry.userAgent) || found.has(entry.userAgent)) continue;
    found.set(entry.userAgent, {
      userAgent: entry.userAgent,
      platform: entry.platform,
      deviceCategory: entry.deviceCategory,
      version,
    });
  }
  process.stdout.write(`\r${version}: ${found.size} in-app user agents`);
}

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `[\n${[...found.values()].map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);
console.log(`\nwrote ${found.size} entries to ${OUT}`);
