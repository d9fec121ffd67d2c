import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyDevice, type DeviceClass } from '../../src/domain/device';
import { IN_APP_USER_AGENTS, PREVIEW_FETCHERS } from '../shared/user-agents';

/**
 * Device classes against four public corpora of real user agents that no one on this project
 * wrote, each entry labelled by its corpus, not by us. Scored together, per class; every miss is
 * printed with the reason it is accepted, and a miss without one fails the test.
 */
interface Scored {
  source: string;
  userAgent: string;
  /** What the corpus says the device is; `null` when it cannot say (not scored). */
  expected: DeviceClass | null;
  /** How the corpus labels the entry, printed beside a miss. */
  label: string;
  /** Why a wrong answer on this entry is accepted, or undefined when it is not. */
  acceptedBecause: (got: DeviceClass) => string | undefined;
}

const require = createRequire(import.meta.url);

/** An entry of the `user-agents` package: a user agent and what the same browser reported about itself. */
interface ReportedEntry {
  userAgent: string;
  platform: string;
  deviceCategory: 'desktop' | 'mobile' | 'tablet';
}

/**
 * The browser's own report says what the device is: iPhone, iPad or iPod is `apple`; any other
 * phone or tablet is `android` (the corpus holds no other phone systems); everything else is
 * `desktop`. A phone's user agent from a browser on a desktop system is a desktop browser emulating
 * a phone (its developer tools): the corpus cannot say what device that was, so it is not scored.
 */
function byOwnReport(source: string, entry: ReportedEntry): Scored {
  const DESKTOP_SYSTEMS = /^(Win32|Win64|MacIntel|Linux x86_64|Linux i686)$/;
  return {
    source,
    userAgent: entry.userAgent,
    label: `${entry.platform}, ${entry.deviceCategory}`,
    expected: /^(iPhone|iPad|iPod)/.test(entry.platform)
      ? 'apple'
      : entry.deviceCategory === 'desktop'
        ? 'desktop'
        : DESKTOP_SYSTEMS.test(entry.platform)
          ? null
          : 'android',
    acceptedBecause: (got) => {
      if (got === 'android' && entry.platform.startsWith('iPhone') && /\bAndroid\b/.test(entry.userAgent))
        return 'the user agent names an Android phone while the browser reports an iPhone: a spoofed user agent, which the server cannot see through';
      return undefined;
    },
  };
}

/**
 * The `user-agents` package (BSD-2-Clause): 10,000 user agents that real browsers sent, each with
 * what the same browser reported about itself (`navigator.platform`) and its device category.
 */
function userAgentsCorpus(): Scored[] {
  // The package exports only its generator; the corpus it draws from is the JSON file beside it.
  const dir = dirname(dirname(require.resolve('user-agents')));
  const entries = JSON.parse(readFileSync(join(dir, 'dist', 'user-agents.json'), 'utf8')) as ReportedEntry[];
  return entries.map((entry) => byOwnReport('user-agents', entry));
}

/**
 * In-app browsers, by the token each adds to the system browser's user agent (case aside); the
 * collector of the in-app corpus keeps the entries that carry any of them.
 */
const IN_APP_BROWSERS = (
  JSON.parse(readFileSync(join(import.meta.dirname, 'in-app-browsers.json'), 'utf8')) as { name: string; token: string }[]
).map(({ name, token }) => [name, new RegExp(token, 'i')] as const);
const inAppBrowser = (userAgent: string) => IN_APP_BROWSERS.find(([, token]) => token.test(userAgent))?.[0];

/**
 * Every in-app browser in the published history of the same package, kept in
 * `test/unit/corpora/user-agents-history` (rebuilt by `scripts/collect-in-app-user-agents.mjs`):
 * each version is a new day's sample, too few in-app browsers alone, thousands together. Labelled
 * the same way, by what the browser reported about itself.
 */
function inAppHistoryCorpus(): Scored[] {
  const entries = JSON.parse(
    readFileSync(join(import.meta.dirname, 'corpora', 'user-agents-history', 'in-app.json'), 'utf8'),
  ) as ReportedEntry[];
  return entries.map((entry) => byOwnReport('user-agents history, in-app browsers', entry));
}

/**
 * The `random-useragent` package (MIT): 822 user agents of techpatterns.com's User Agent Switcher
 * list, filed by hand in folders (browsers per system, mobile devices by maker, tablets, spiders,
 * downloaders) and parsed by ua-parser-js into an operating system when the package was built.
 * Older and wider than the first: old Android and iOS versions, Android tablets, Opera Mini and
 * Mobile, UC, Samsung, Kindle, Nokia, BlackBerry and Windows phones. Its system decides: iOS is
 * `apple`, Android `android`, anything else `desktop`; spiders and downloaders, which never show a
 * page to anyone, are `desktop` whatever system they name.
 */
function switcherCorpus(): Scored[] {
  interface Entry {
    folder: string;
    userAgent: string;
    osName: string;
  }
  const dir = dirname(require.resolve('random-useragent'));
  const entries = JSON.parse(readFileSync(join(dir, 'useragent-data.json'), 'utf8')) as Entry[];
  return entries.map((entry) => ({
    source: 'User Agent Switcher list',
    userAgent: entry.userAgent,
    label: `${entry.folder}, ${entry.osName || 'no system'}`,
    expected: /Spiders|Bots|Downloaders/.test(entry.folder)
      ? 'desktop'
      : entry.osName === 'iOS'
        ? 'apple'
        : entry.osName === 'Android'
          ? 'android'
          : 'desktop',
    acceptedBecause: (got) => {
      if (got === 'apple' && /Apple \(iPhone etc\)|\/OS\/iOS/.test(entry.folder) && entry.osName !== 'iOS')
        return `filed under ${entry.folder.split('/').pop()} by hand, but the list's parser named ${entry.osName || 'no system'} for this early iPhone or UC user agent: the label is wrong, apple is right`;
      if (got === 'desktop' && /FirePHP\//.test(entry.userAgent))
        return "carries the FirePHP debugging add-on's token, which isbot takes for a PHP script: a developer's browser, sent the page";
      return undefined;
    },
  }));
}

/**
 * The test suite of `ua-parser-js` 0.7.31 (MIT), kept in `test/unit/corpora/ua-parser-js`: user
 * agents its maintainers collected, each with the system they expect (`os-test.json`) or the
 * browser, described with its platform (`browser-test.json`). It adds in-app browsers (Facebook,
 * Instagram, LINE, WeChat, the Google app), UC on Android, Java and Symbian phones, Opera Mini,
 * KaiOS and Windows phones. The expected system decides (iOS is `apple`, Android `android`,
 * anything else `desktop`); a browser entry is scored when its description names iOS, an iPhone,
 * an iPad or Android, and otherwise not.
 */
function uaParserCorpus(): Scored[] {
  interface Entry {
    desc: string;
    ua: string;
    expect: { name: string };
  }
  const read = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, 'corpora', 'ua-parser-js', name), 'utf8')) as Entry[];
  const systems: Scored[] = read('os-test.json').map((entry) => ({
    source: 'ua-parser-js tests',
    userAgent: entry.ua,
    label: `system ${entry.expect.name}`,
    expected: entry.expect.name === 'iOS' ? 'apple' : /^Android/.test(entry.expect.name) ? 'android' : 'desktop',
    acceptedBecause: (got) =>
      got === 'desktop' && /^[^(]*CFNetwork\/[^(]*Darwin\//.test(entry.ua)
        ? "an app's own network library (CFNetwork on Darwin, the same on a Mac), not a browser showing a page: the server cannot tell an iPhone here"
        : undefined,
  }));
  const browsers: Scored[] = read('browser-test.json').map((entry) => ({
    source: 'ua-parser-js tests',
    userAgent: entry.ua,
    label: entry.desc,
    expected: /\b(iOS|iPhone|iPad)\b/.test(entry.desc) ? 'apple' : /\bAndroid\b/.test(entry.desc) ? 'android' : null,
    acceptedBecause: (got) =>
      got === 'apple' && /\bAndroid\b/.test(entry.desc) && /^Mozilla\/5\.0 \(iPhone;/.test(entry.ua) && !/Android/.test(entry.ua)
        ? "the description says Android, but the user agent is an iPhone's and names no Android: the description is wrong, apple is right"
        : undefined,
  }));
  return [...systems, ...browsers];
}

describe('device classes on public corpora of real user agents', () => {
  it('at least 99.5 % right in every class, every miss explained', () => {
    const corpora = [userAgentsCorpus(), inAppHistoryCorpus(), switcherCorpus(), uaParserCorpus()];
    const classes: DeviceClass[] = ['apple', 'android', 'desktop'];
    const lines: string[] = [];
    const total: Record<DeviceClass, { right: number; total: number }> = {
      apple: { right: 0, total: 0 },
      android: { right: 0, total: 0 },
      desktop: { right: 0, total: 0 },
    };
    const inApp = new Map(IN_APP_BROWSERS.map(([name]) => [name, { right: 0, total: 0 }]));
    const unexplained: string[] = [];
    const score = (s: { right: number; total: number }) => `${s.right} of ${s.total} (${((100 * s.right) / s.total).toFixed(2)} %)`;

    for (const corpus of corpora) {
      const own: Record<DeviceClass, { right: number; total: number }> = {
        apple: { right: 0, total: 0 },
        android: { right: 0, total: 0 },
        desktop: { right: 0, total: 0 },
      };
      const misses: string[] = [];
      let unscored = 0;
      for (const entry of corpus) {
        if (!entry.expected) {
          unscored++;
          continue;
        }
        const got = classifyDevice({ userAgent: entry.userAgent });
        own[entry.expected].total++;
        total[entry.expected].total++;
        const app = inApp.get(inAppBrowser(entry.userAgent) ?? '');
        if (app) app.total++;
        if (got === entry.expected) {
          if (app) app.right++;
          own[entry.expected].right++;
          total[entry.expected].right++;
          continue;
        }
        const reason = entry.acceptedBecause(got);
        if (!reason) unexplained.push(`${entry.source}: expected ${entry.expected}, got ${got}: ${entry.userAgent}`);
        misses.push(`    miss: expected ${entry.expected}, got ${got} (${entry.label}): ${entry.userAgent} — ${reason ?? 'NOT ACCEPTED'}`);
      }
      lines.push(
        `  ${corpus[0]!.source} (${corpus.length} user agents): ${classes.map((c) => `${c} ${score(own[c])}`).join(', ')}`,
        ...(unscored ? [`    not scored: ${unscored} entries whose corpus cannot say what device sent them`] : []),
        ...misses,
      );
    }
    console.log(
      [
        'Device classes on public corpora of real user agents:',
        ...lines,
        `  together: ${classes.map((c) => `${c} ${score(total[c])}`).join(', ')}`,
        `  of which in-app browsers: ${[...inApp].map(([name, s]) => `${name} ${score(s)}`).join(', ')}`,
      ].join('\n'),
    );

    for (const c of classes) {
      expect(total[c].total).toBeGreaterThan(100);
      expect(total[c].right / total[c].total).toBeGreaterThanOrEqual(0.995);
    }
    expect(corpora.flat().length).toBeGreaterThanOrEqual(1000);
    for (const name of ['Facebook', 'Instagram', 'Pinterest', 'TikTok']) expect(inApp.get(name)!.total, name).toBeGreaterThan(0);
    expect(unexplained).toEqual([]);
  });

  it('sends the in-app browsers that isbot takes for scripts to their phone, and preview fetchers to the page', () => {
    const inApp = IN_APP_USER_AGENTS.map(([name, expected, userAgent]) => ({ name, expected, got: classifyDevice({ userAgent }) }));
    const previews = PREVIEW_FETCHERS.map(([name, userAgent]) => ({ name, got: classifyDevice({ userAgent }) }));
    console.log(
      [
        'In-app browsers that isbot alone takes for scripts (hand-picked):',
        ...inApp.map(({ name, expected, got }) => `  ${got === expected ? 'right' : 'WRONG'}: ${name} -> ${got}`),
        'Link-preview fetchers (hand-picked): a bot, given the page with its preview tags:',
        ...previews.map(({ name, got }) => `  ${got === 'desktop' ? 'bot, gets the page' : 'WRONG'}: ${name} -> ${got}`),
      ].join('\n'),
    );
    for (const { name, expected, got } of inApp) expect(got, name).toBe(expected);
    for (const { name, got } of previews) expect(got, name).toBe('desktop');
  });
});
