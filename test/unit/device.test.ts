import { describe, expect, it } from 'vitest';
import { classifyDevice, isBot, type DeviceClass } from '../../src/domain/device';

const cases: Array<[string, DeviceClass, string]> = [
  // iPhone, iPod, iPad
  ['iOS Safari network request', 'apple', 'MobileSafari/604.1 CFNetwork/1494.0.7 Darwin/23.4.0'],
  [
    'Windows Phone Edge, which names Android',
    'desktop',
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
  ],
  [
    'Windows Phone IE, which names the iPhone',
    'desktop',
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  ],
  [
    'iPhone Safari 17',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPhone Safari 12',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPhone Chrome',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPhone Firefox',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  ],
  [
    'Android WeChat in-app (its process name, Process/tools, is no bot)',
    'android',
    'Mozilla/5.0 (Linux; Android 10; LIO-AN00 Build/HUAWEILIO-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.62 XWEB/2785 MMWEBSDK/20210302 Mobile Safari/537.36 MMWEBID/1686 MicroMessenger/8.0.3.1880(0x28000335) Process/toolsmp WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  ],
  [
    'iPhone Facebook in-app',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21D61 [FBAN/FBIOS;FBAV/452.0.0.39.110;FBBV/564431005;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.3.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
  ],
  [
    'iPhone Instagram in-app',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54 (iPhone15,3; iOS 17_4; en_US; en; scale=3.00; 1290x2796; 577210397)',
  ],
  [
    'iPhone Gmail in-app',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 GSA/300.0.598994205 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPhone Pinterest in-app',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]',
  ],
  [
    'iPhone TikTok in-app',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_32.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6 FalconTag/',
  ],
  [
    'iPod touch',
    'apple',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPad Safari (iOS 12)',
    'apple',
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPad Chrome',
    'apple',
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  ],
  // Android phones and tablets
  [
    'Pixel 8 Chrome',
    'android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
  ],
  [
    'Chrome reduced UA',
    'android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Samsung Internet',
    'android',
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Galaxy A13',
    'android',
    'Mozilla/5.0 (Linux; Android 12; SM-A135U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Moto G Power',
    'android',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Old Android stock browser',
    'android',
    'Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; SCH-I535 Build/KOT49H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  ],
  ['Firefox for Android', 'android', 'Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0'],
  [
    'Android Facebook in-app',
    'android',
    'Mozilla/5.0 (Linux; Android 13; SM-G991U Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.119 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/455.0.0.44.88;]',
  ],
  [
    'Android Pinterest in-app',
    'android',
    'Mozilla/5.0 (Linux; Android 13; SM-S918U Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [Pinterest/Android]',
  ],
  [
    'Android TikTok in-app',
    'android',
    'Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.66 Mobile Safari/537.36 trill_320304 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.3.4 ByteLocale/en ByteFullLocale/en Region/US BytedanceWebview/d8a21c6',
  ],
  [
    'Android WebView',
    'android',
    'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SP2A.220505.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/101.0.4951.61 Mobile Safari/537.36',
  ],
  [
    'Galaxy Tab S8',
    'android',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36',
  ],
  [
    'Amazon Fire HD',
    'android',
    'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/122.2.5 like Chrome/122.0.6261.105 Safari/537.36',
  ],
  [
    'Lenovo Tab',
    'android',
    'Mozilla/5.0 (Linux; Android 11; Lenovo TB-J606F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36',
  ],
  ['Opera Mini Android', 'android', 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16'],
  [
    'Edge on Android',
    'android',
    'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36 EdgA/123.0.2420.102',
  ],
  // Desktop browsers
  [
    'Windows Chrome',
    'desktop',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  ],
  [
    'Windows Edge',
    'desktop',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 Edg/123.0.2420.81',
  ],
  ['Windows Firefox', 'desktop', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:124.0) Gecko/20100101 Firefox/124.0'],
  ['Windows IE 11', 'desktop', 'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko'],
  [
    'macOS Safari',
    'desktop',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  ],
  [
    'macOS Chrome',
    'desktop',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  ],
  ['macOS Firefox', 'desktop', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:124.0) Gecko/20100101 Firefox/124.0'],
  ['Linux Firefox', 'desktop', 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0'],
  ['Ubuntu Chrome', 'desktop', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36'],
  ['ChromeOS', 'desktop', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36'],
  // Bots get the desktop page, even when they pretend to be phones
  ['Googlebot', 'desktop', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [
    'Googlebot smartphone',
    'desktop',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  ],
  ['Bingbot', 'desktop', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  [
    'Applebot on iPhone',
    'desktop',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  ['Facebook link preview', 'desktop', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['Twitterbot', 'desktop', 'Twitterbot/1.0'],
  ['Slackbot', 'desktop', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['DuckDuckBot', 'desktop', 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)'],
  ['YandexBot', 'desktop', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
  ['WhatsApp preview', 'desktop', 'WhatsApp/2.23.20.0 A'],
  ['curl', 'desktop', 'curl/8.5.0'],
  [
    'Lighthouse mobile emulation',
    'desktop',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  ],
];

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

  it("keeps isbot's tools pattern for everything but WeChat's process name", () => {
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) KeywordTools/2.1')).toBe(true);
    expect(isBot('Mozilla/5.0 (Linux; Android 9; MI 8) Mobile Safari/537.36 MicroMessenger/7.0.4.1420 Process/tools NetType/WIFI')).toBe(
      false,
    );
  });
});
