import { writeFile } from 'node:fs/promises';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { remote } from 'webdriverio';
import { available as hasBrowser, FIREFOX, MINIBROWSER } from '../shared/browsers.mjs';

/**
 * The browser engines of the tier beyond Chromium, each driven by its own maintained client and
 * seen through one small interface, so every flow is written once:
 * - WebKit, the engine of Safari on every iPhone: Debian's WebKitGTK MiniBrowser through
 *   WebKitWebDriver (WebDriver classic, WebdriverIO), full screen, its window set to 390 × 844;
 * - Firefox (Gecko): Debian's firefox-esr through WebDriver BiDi (Puppeteer), at 390 × 844.
 */
export type EngineName = 'webkit' | 'firefox';
export const ENGINE_NAMES: readonly EngineName[] = ['webkit', 'firefox'];

export const WEBDRIVER_PORT = 4797;
export const VIEWPORT = { width: 390, height: 844 } as const;

/** The phone each engine stands for, as its visitors' browsers name themselves. */
export const PHONE_USER_AGENT: Record<EngineName, string> = {
  webkit:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
};

export interface OpenOptions {
  javaScript: boolean;
  /** The phone's user agent; the engine's own (a computer's) when false. */
  phone: boolean;
}

/** One browser window, driven as a visitor would: by key presses and clicks. */
export interface Window {
  goto(url: string): Promise<void>;
  /** Clicks the field and types `text` one key at a time, as on a phone's keyboard. */
  type(selector: string, text: string): Promise<void>;
  /** Clicks what `selector` (CSS, or XPath when it starts with `//`) finds. */
  click(selector: string): Promise<void>;
  /** Clicks the button whose text is `name`. */
  press(name: string): Promise<void>;
  /** Follows the link whose text is `name`. */
  follow(name: string): Promise<void>;
  select(selector: string, value: string): Promise<void>;
  value(selector: string): Promise<string>;
  /** The text the page shows. */
  text(selector?: string): Promise<string>;
  url(): Promise<string>;
  /** Whether an element matches. */
  has(selector: string): Promise<boolean>;
  screenshot(path: string): Promise<void>;
  /** Runs `body` (statements) in the page, as the page's own script would. */
  run(body: string): Promise<void>;
  close(): Promise<void>;
}

/** Whether this machine has everything the engine needs (test/shared/browsers.mjs). */
export const available = (engine: EngineName) => hasBrowser(engine);

const buttonXPath = (name: string) => `//button[normalize-space()=${JSON.stringify(name)}]`;
const linkXPath = (name: string) => `//a[normalize-space()=${JSON.stringify(name)}]`;

async function webkit({ javaScript, phone }: OpenOptions): Promise<Window> {
  const args = ['--automation', '--full-screen', `--enable-javascript=${javaScript}`];
  if (phone) args.push(`--user-agent=${PHONE_USER_AGENT.webkit}`);
  const browser = await remote({
    hostname: '127.0.0.1',
    port: WEBDRIVER_PORT,
    logLevel: 'error',
    connectionRetryCount: 1,
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitWebDriver speaks WebDriver classic only.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args },
      // A navigation that has not loaded in 30 s is an error naming the command, not a silent wait.
      timeouts: { pageLoad: 30_000, script: 30_000, implicit: 0 },
    } as WebdriverIO.Capabilities,
  });
  // MiniBrowser opens at 1024 × 768 whatever the display, and its toolbar keeps a window at least
  // 447 px wide: full screen (no toolbar), the window is then set to the phone's size.
  await browser.setWindowSize(VIEWPORT.width, VIEWPORT.height);
  // CSS, or XPath when it starts with `//`: WebdriverIO tells them apart by themselves.
  const element = (selector: string) => browser.$(selector);
  return {
    goto: async (url) => void (await browser.url(url)),
    async type(selector, text) {
      const field = await element(selector);
      await field.click();
      // WebKitWebDriver dispatches each character of the string as its own key press.
      await field.addValue(text);
    },
    click: async (selector) => (await element(selector)).click(),
    press: async (name) => (await element(buttonXPath(name))).click(),
    follow: async (name) => (await element(linkXPath(name))).click(),
    select: async (selector, value) => (await element(selector)).selectByAttribute('value', value),
    value: async (selector) => (await element(selector)).getValue(),
    text: async (selector = 'body') => (await element(selector)).getText(),
    url: () => browser.getUrl(),
    has: async (selector) => (await element(selector)).isExisting(),
    screenshot: async (path) => void (await browser.saveScreenshot(path)),
    run: async (body) => void (await browser.execute(body)),
    close: () => browser.deleteSession(),
  };
}

/** A WebDriver BiDi command and its result, through Puppeteer's connection to Firefox. */
type BiDi = (method: string, params: object) => Promise<{ result: Record<string, unknown> }>;

/**
 * Firefox through WebDriver BiDi commands themselves: Puppeteer starts Firefox and holds the
 * connection, but its own element queries run scripts in the page, which Firefox refuses when
 * JavaScript is off. Finding (`browsingContext.locateNodes`), clicking and typing
 * (`input.performActions`) and reading (`script.callFunction`, run by the driver) work either way.
 */
async function firefox({ javaScript, phone }: OpenOptions): Promise<Window> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      'javascript.enabled': javaScript,
      // One window walks every flow: the values an earlier flow submitted would come back as
      // Firefox's own suggestion lists over the fields of a later one, where a tap could land.
      'browser.formfill.enable': false,
      'extensions.formautofill.addresses.enabled': false,
      'extensions.formautofill.creditCards.enabled': false,
      ...(phone ? { 'general.useragent.override': PHONE_USER_AGENT.firefox } : {}),
    },
  });
  // A tab of its own, the last top-level context Firefox lists.
  await browser.newPage();
  const connection = (browser as unknown as { connection: { send: BiDi } }).connection;
  const send: BiDi = (method, params) => connection.send(method, params);
  const tree = await send('browsingContext.getTree', { maxDepth: 0 });
  const contexts = tree.result.contexts as Array<{ context: string; url: string }>;
  const context = contexts[contexts.length - 1]!.context;
  await send('browsingContext.setViewport', { context, viewport: VIEWPORT });

  type Node = { sharedId: string };
  const locate = async (selector: string): Promise<Node[]> => {
    const locator = selector.startsWith('//') ? { type: 'xpath', value: selector } : { type: 'css', value: selector };
    try {
      return (await send('browsingContext.locateNodes', { context, locator })).result.nodes as Node[];
    } catch {
      // The page is between documents.
      return [];
    }
  };
  const find = (selector: string) =>
    eventually(
      () => locate(selector),
      (nodes) => nodes.length > 0,
      `${selector} on the page`,
      10_000,
    ).then((nodes) => nodes[0]!);
  const call = async <T>(fn: string, node?: Node): Promise<T> => {
    const answer = await send('script.callFunction', {
      functionDeclaration: fn,
      target: { context },
      arguments: node ? [node] : [],
      awaitPromise: false,
    });
    return (answer.result.result as { value: T }).value;
  };
  type Event = { context: string };
  const events = connection as unknown as {
    on(name: string, handler: (event: Event) => void): void;
    off(name: string, handler: (event: Event) => void): void;
  };
  /**
   * Clicks, and when the click starts a navigation (a form posted, a link followed), waits for the
   * next page to load: BiDi says when one starts, and a click that starts none returns at once.
   */
  const click = async (selector: string) => {
    const node = await find(selector);
    // BiDi, unlike WebDriver classic, does not scroll to what it clicks.
    await call("(el) => el.scrollIntoView({ block: 'center' })", node);
    let started = false;
    let loaded!: () => void;
    const load = new Promise<void>((resolve) => (loaded = resolve));
    const onStart = (event: Event) => {
      if (event.context === context) started = true;
    };
    const onLoad = (event: Event) => {
      if (event.context === context && started) loaded();
    };
    events.on('browsingContext.navigationStarted', onStart);
    events.on('browsingContext.load', onLoad);
    try {
      await send('input.performActions', {
        context,
        actions: [
          {
            type: 'pointer',
            id: 'finger',
            actions: [
              { type: 'pointerMove', x: 0, y: 0, origin: { type: 'element', element: node } },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      });
      await send('input.releaseActions', { context });
      await new Promise((r) => setTimeout(r, 300));
      if (started) await Promise.race([load, new Promise((r) => setTimeout(r, 15_000))]);
    } finally {
      events.off('browsingContext.navigationStarted', onStart);
      events.off('browsingContext.load', onLoad);
    }
  };
  return {
    async goto(url) {
      await send('browsingContext.navigate', { context, url, wait: 'complete' });
    },
    async type(selector, text) {
      await click(selector);
      await send('input.performActions', {
        context,
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [...text].flatMap((key) => [
              { type: 'keyDown', value: key },
              { type: 'keyUp', value: key },
            ]),
          },
        ],
      });
      await send('input.releaseActions', { context });
    },
    click,
    press: (name) => click(buttonXPath(name)),
    follow: (name) => click(linkXPath(name)),
    async select(selector, value) {
      // The option is chosen as a script would choose it, with the events a person's choice sends.
      await call(
        `(el) => { el.value = ${JSON.stringify(value)}; el.dispatchEvent(new Event('input', { bubbles: true })); el.dispatchEvent(new Event('change', { bubbles: true })); }`,
        await find(selector),
      );
    },
    value: async (selector) => call<string>('(el) => el.value', await find(selector)),
    text: async (selector = 'body') => call<string>('(el) => el.innerText', await find(selector)),
    url: () => call<string>('() => location.href'),
    run: async (body) => void (await call(`() => { ${body} }`)),
    has: async (selector) => (await locate(selector)).length > 0,
    async screenshot(path) {
      const shot = await send('browsingContext.captureScreenshot', { context });
      await writeFile(path, Buffer.from(shot.result.data as string, 'base64'));
    },
    close: () => browser.close(),
  };
}

export function open(engine: EngineName, options: OpenOptions): Promise<Window> {
  return engine === 'webkit' ? webkit(options) : firefox(options);
}

/** Polls until `check` holds, or fails with what it last saw. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      if (check(last)) return last;
    } catch (e) {
      error = e;
    }
    if (Date.now() > end)
      throw new Error(
        `${what}: not within ${timeoutMs} ms; last saw ${JSON.stringify(last)?.slice(0, 400)}${error ? ` (${String(error)})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}
