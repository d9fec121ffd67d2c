import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyDevice, type DeviceClass } from '../../src/domain/device';

/**
 * Device classes against real browsers: the `user-agents` package's corpus (BSD-2-Clause), 10,000
 * user agents that real browsers sent, each with what the same browser reported about itself
 * (`navigator.platform`) and its device category. That report, not the user agent, says what the
 * device really is: iPhone, iPad or iPod is `apple`; any other phone or tablet is `android` (the
 * corpus holds no other phone systems); everything else is `desktop`.
 */
interface Entry {
  userAgent: string;
  platform: string;
  deviceCategory: 'desktop' | 'mobile' | 'tablet';
}

// The package exports only its generator; the corpus it draws from is the JSON file beside it.
const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('user-agents')));
const corpus = JSON.parse(readFileSync(join(packageDir, 'dist', 'user-agents.json'), 'utf8')) as Entry[];

const DESKTOP_SYSTEMS = /^(Win32|Win64|MacIntel|Linux x86_64|Linux i686)$/;

/** The device the browser itself reports; `null` when its report cannot settle it (below). */
function reported(entry: Entry): DeviceClass | null {
  if (/^(iPhone|iPad|iPod)/.test(entry.platform)) return 'apple';
  if (entry.deviceCategory === 'desktop') return 'desktop';
  // A phone's user agent from a browser on a desktop system: a desktop browser emulating a
  // phone (its developer tools) or a desktop site asked for. The page follows the user agent.
  if (DESKTOP_SYSTEMS.test(entry.platform)) return null;
  return 'android';
}

/** Why a miss is accepted, or undefined when it is not. */
function acceptedBecause(entry: Entry, got: DeviceClass): string | undefined {
  if (got === 'android' && entry.platform.startsWith('iPhone') && /\bAndroid\b/.test(entry.userAgent))
    return 'the user agent names an Android phone while the browser reports an iPhone: a spoofed user agent, which the server cannot see through';
  return undefined;
}

describe('device classes on a public corpus of real user agents', () => {
  it('at least 99.5 % right in every class, every miss explained', () => {
    const score: Record<DeviceClass, { right: number; total: number }> = {
      apple: { right: 0, total: 0 },
      android: { right: 0, total: 0 },
      desktop: { right: 0, total: 0 },
    };
    const unsettled: Entry[] = [];
    const misses: Array<{ entry: Entry; expected: DeviceClass; got: DeviceClass; reason?: string }> = [];
    for (const entry of corpus) {
      const expected = reported(entry);
      if (!expected) {
        unsettled.push(entry);
        continue;
      }
      const got = classifyDevice({ userAgent: entry.userAgent });
      score[expected].total++;
      if (got === expected) score[expected].right++;
      else misses.push({ entry, expected, got, reason: acceptedBecause(entry, got) });
    }

    const lines = Object.entries(score).map(
      ([name, { right, total }]) => `  ${name}: ${right} of ${total} (${((100 * right) / total).toFixed(2)} %)`,
    );
    console.log(
      [
        `Device classes on the user-agents corpus (${corpus.length} real user agents):`,
        ...lines,
        `  not scored: ${unsettled.length} phone user agents from browsers on desktop systems (emulation or a desktop site asked for)`,
        ...misses.map(
          (m) =>
            `  miss: expected ${m.expected}, got ${m.got} (${m.entry.platform}, ${m.entry.deviceCategory}): ${m.entry.userAgent} — ${m.reason ?? 'NOT ACCEPTED'}`,
        ),
      ].join('\n'),
    );

    expect(corpus.length).toBeGreaterThanOrEqual(1000);
    for (const { right, total } of Object.values(score)) {
      expect(total).toBeGreaterThan(100);
      expect(right / total).toBeGreaterThanOrEqual(0.995);
    }
    expect(misses.filter((m) => !m.reason).map((m) => `${m.expected} / ${m.got}: ${m.entry.userAgent}`)).toEqual([]);
  });
});
