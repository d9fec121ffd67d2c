import type { DeviceClass } from '../../src/domain/device';

/**
 * User agents picked by hand, each a real one of its kind, with the class it must get. The unit
 * tier checks each; the corpus test scores the in-app ones beside the public corpora.
 */
export const HAND_PICKED_USER_AGENTS: Array<[string, DeviceClass, string]> = [
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

/**
 * In-app browsers and apps that `isbot`'s broad patterns took for scripts (`news`, `google`, `()`,
 * the no-space pattern): the people using them are sent to their phone's place.
 */
export const IN_APP_USER_AGENTS: Array<[string, DeviceClass, string]> = [
  [
    'Apple News on iPhone',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AppleNews/952 Version/3.4',
  ],
  [
    'Apple News on iPad',
    'apple',
    'Mozilla/5.0 (iPad; CPU OS 16_7_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AppleNews/608.0.1 Version/2.0',
  ],
  [
    'Google News on Android',
    'android',
    'Mozilla/5.0 (Linux; Android 14; SM-S918U Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 GoogleNews/5.108.0.643180420',
  ],
  [
    'Google News on iPhone',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 GoogleNews/5.2.0',
  ],
  ['Gmail on iPhone (com.google.…)', 'apple', 'com.google.Gmail/6.0.240414 iSL/3.4 iPhone/17.4.1 hw/iPhone15_3 (gzip)'],
  [
    'The Google app on iPhone (com.google.…)',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [com.google.GoogleMobile/311.0]',
  ],
  [
    'YouTube on Android (com.google.…)',
    'android',
    'com.google.android.youtube/19.16.39 (Linux; U; Android 14; en_US; Pixel 8 Build/AP1A.240405.002) gzip',
  ],
  [
    'ROBLOX on iPhone',
    'apple',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ROBLOX iOS App 2.534.411 Hybrid()',
  ],
  [
    'ROBLOX on Android',
    'android',
    'Mozilla/5.0 (Linux; Android 11; SM-A115U Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/96.0.4664.104 Mobile Safari/537.36 ROBLOX Android App 2.534.405 Phone Hybrid()',
  ],
  [
    'iPhone Safari, spaces sent as +',
    'apple',
    'Mozilla/5.0+(iPhone;+CPU+iPhone+OS+17_1_2+like+Mac+OS+X)+AppleWebKit/605.1.15+(KHTML,+like+Gecko)+Version/17.1.2+Mobile/15E148+Safari/604.1',
  ],
  [
    'Android Chrome, spaces sent as +',
    'android',
    'Mozilla/5.0+(Linux;+Android+10;+K)+AppleWebKit/537.36+(KHTML,+like+Gecko)+Chrome/124.0.0.0+Mobile+Safari/537.36',
  ],
  [
    'Android phone made by Cubot',
    'android',
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  ],
];

/** Crawlers that name a phone: they get the computer page, never a store. */
export const PHONE_CRAWLER_USER_AGENTS: Array<[string, DeviceClass, string]> = [
  [
    'AdsBot-Google-Mobile on iPhone',
    'desktop',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
  ],
  [
    'Bingbot mobile',
    'desktop',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
  [
    'Bytespider',
    'desktop',
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  ],
  [
    'Google-InspectionTool smartphone',
    'desktop',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.175 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)',
  ],
  [
    'Headless Chrome emulating an Android phone',
    'desktop',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Mobile Safari/537.36',
  ],
];

/**
 * What fetches a link for its preview card in messaging apps, chat and social sites. Each must be
 * taken for a bot and given the page with its preview tags, never a store redirect.
 */
export const PREVIEW_FETCHERS: Array<[string, string]> = [
  [
    'iMessage',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  ],
  [
    'Google Messages',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 GoogleMessages/20240822',
  ],
  ['WhatsApp on Android', 'WhatsApp/2.24.17.79 A'],
  ['WhatsApp on iPhone', 'WhatsApp/2.24.16.76 i'],
  ["Signal (sends WhatsApp's)", 'WhatsApp/2'],
  ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Telegram', 'TelegramBot (like TwitterBot)'],
  ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['X (Twitter)', 'Twitterbot/1.0'],
];
