import { describe, expect, it } from 'vitest';
import { classifyDevice, engineOf, isBot } from '../../src/domain/device';
import { deviceClassOf, knownBot } from '../../src/web/device-memo';
import { IsolateMemo } from '../../src/lib/isolate-memo';
import { HAND_PICKED_USER_AGENTS, IN_APP_USER_AGENTS, PHONE_CRAWLER_USER_AGENTS, PREVIEW_FETCHERS } from '../shared/user-agents';

const cases = [...HAND_PICKED_USER_AGENTS, ...IN_APP_USER_AGENTS, ...PHONE_CRAWLER_USER_AGENTS];

describe('classifyDevice', () => {
  it('covers at least 40 real user agents', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%s is %s', (_name, expected, userAgent) => {
    expect(classifyDevice({ userAgent })).toBe(expected);
  });

  it('treats a missing user agent as desktop', () => {
    expect(classifyDevice({})).toBe('desktop');
    expect(classifyDevice({ userAgent: '' })).toBe('desktop');
  });

  it('uses the mobile client hint when the user agent is frozen to a desktop string', () => {
    const frozen = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36';
    expect(classifyDevice({ userAgent: frozen, chUaMobile: '?1', chUaPlatform: '"Android"' })).toBe('android');
    expect(classifyDevice({ userAgent: frozen, chUaMobile: '?1' })).toBe('android');
    expect(classifyDevice({ userAgent: frozen, chUaMobile: '?0', chUaPlatform: '"Linux"' })).toBe('desktop');
  });

  it('does not let a client hint turn a bot into a phone', () => {
    expect(classifyDevice({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)', chUaMobile: '?1' })).toBe('desktop');
  });
});

describe('isBot', () => {
  it('recognises crawlers and leaves browsers alone', () => {
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBot(cases[0]![2])).toBe(false);
    expect(isBot(undefined)).toBe(false);
  });

  it("keeps isbot's whole list for what names no phone, and only crawler patterns for what names one", () => {
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) KeywordTools/2.1')).toBe(true);
    expect(isBot('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) NewsBlur Feed Fetcher')).toBe(true);
    expect(isBot('Mozilla/5.0 (Linux; Android 9; MI 8) Mobile Safari/537.36 MicroMessenger/7.0.4.1420 Process/tools NetType/WIFI')).toBe(
      false,
    );
  });

  it.each(PREVIEW_FETCHERS)('%s, fetching a preview, is a bot', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(true);
    expect(classifyDevice({ userAgent })).toBe('desktop');
  });
});

describe("the isolate's memory of device answers", () => {
  it('answers as the rules do, the first time and every time after, whatever the hints', () => {
    const frozen = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36';
    const hints = [
      ...cases.map(([, , userAgent]) => ({ userAgent })),
      ...PREVIEW_FETCHERS.map(([, userAgent]) => ({ userAgent })),
      { userAgent: frozen },
      { userAgent: frozen, chUaMobile: '?1' },
      { userAgent: frozen, chUaMobile: '?0', chUaPlatform: '"Android"' },
      { userAgent: frozen, chUaPlatform: '"iOS"' },
    ];
    for (let round = 0; round < 2; round++)
      for (const h of hints) {
        expect(deviceClassOf(h)).toBe(classifyDevice(h));
        expect(knownBot(h.userAgent)).toBe(isBot(h.userAgent));
      }
  });
});

describe('device answers for header values longer than browsers send', () => {
  it('are worked out each time, the same as the rules say', () => {
    const long = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) ${'x'.repeat(600)}`;
    expect(deviceClassOf({ userAgent: long })).toBe(classifyDevice({ userAgent: long }));
    expect(knownBot(`${long} Googlebot/2.1`)).toBe(true);
  });
});

describe("the isolate's memory", () => {
  it('keeps no value under a key longer than it was told to keep', () => {
    const memo = new IsolateMemo<number>(10, 8);
    memo.set('short', 1, Infinity);
    memo.set('much-too-long', 2, Infinity);
    expect(memo.get('short')).toBe(1);
    expect(memo.get('much-too-long')).toBeUndefined();
  });
});

describe('engineOf, as browser error reports name the browser', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      'webkit',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/142.0.7444.46 Mobile/15E148 Safari/604.1',
      'webkit',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/144.0 Mobile/15E148 Safari/605.1.15',
      'webkit',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15', 'webkit'],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36', 'chromium'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
      'chromium',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
      'chromium',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:144.0) Gecko/144.0 Firefox/144.0', 'firefox'],
    ['curl/8.5.0', 'other'],
  ])('%s is %s', (userAgent, engine) => {
    expect(engineOf(userAgent)).toBe(engine);
  });
});
