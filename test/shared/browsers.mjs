// The browsers the browser tiers drive, what each needs on the machine and where that comes from.
// Read by the tiers' runner (browser-tier.mjs), the engine tier's setup and Playwright's config.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const onPath = (command) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));

/** Debian's Chromium, which Playwright drives where it is installed (its own browser otherwise). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** WebKitGTK's MiniBrowser, the engine of Safari, which WebKitWebDriver starts. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** Debian's Firefox ESR, driven through WebDriver BiDi. */
export const FIREFOX = '/usr/bin/firefox-esr';

/**
 * Each browser: its name, and what it needs, each with the Debian package that brings it. A
 * requirement is a file, or a command on the path.
 */
export const BROWSERS = {
  chromium: {
    name: 'Chromium',
    needs: [{ what: 'chromium', file: DEBIAN_CHROMIUM, debian: 'chromium' }],
    elsewhere: 'elsewhere, `npx playwright install chromium`',
  },
  webkit: {
    name: 'WebKit',
    needs: [
      { what: 'WebKitWebDriver', command: 'WebKitWebDriver', debian: 'webkit2gtk-driver' },
      { what: 'MiniBrowser', file: MINIBROWSER, debian: 'webkit2gtk-driver' },
      { what: 'xvfb-run', command: 'xvfb-run', debian: 'xvfb' },
      { what: 'xauth', command: 'xauth', debian: 'xauth' },
    ],
    elsewhere: 'WebKitGTK runs on Linux only',
  },
  firefox: {
    name: 'Firefox',
    needs: [{ what: 'firefox-esr', file: FIREFOX, debian: 'firefox-esr' }],
    elsewhere: `elsewhere, Firefox ESR at ${FIREFOX}`,
  },
};

/** What `browser` lacks on this machine (empty when it can run). */
export function missingFor(browser, { playwrightChromium } = {}) {
  if (browser === 'chromium' && playwrightChromium && existsSync(playwrightChromium)) return [];
  return BROWSERS[browser].needs.filter((need) => !(need.file ? existsSync(need.file) : onPath(need.command)));
}

export const available = (browser, options) => missingFor(browser, options).length === 0;

/** Whether this run is CI's, where a missing browser is a failure rather than a skip. */
export const inCI = () => ['true', '1'].includes((process.env.CI ?? '').toLowerCase());

/** The line that says a browser is missing and how to install it. */
export function missingLine(browser, missing) {
  const { name, elsewhere } = BROWSERS[browser];
  const packages = [...new Set(missing.map((need) => need.debian))].join(' ');
  const what = missing.map((need) => need.what).join(', ');
  return (
    `${name} is not installed (${what} not found). On Debian: \`apt-get install ${packages}\` ` +
    `(${elsewhere}), or \`bash .ci/run\`, which installs every browser the tests drive.`
  );
}
