// Runs a browser tier on the browsers this machine has:
//   node test/shared/browser-tier.mjs <browser>… -- <command> [arguments]
// A browser that is missing is named with what to install, and its tests are skipped; under
// CI=true a missing browser fails the tier instead, so CI never skips one. Browser names among the
// command's arguments choose among the tier's browsers (`npm run test:engines -- webkit`).
import { spawn } from 'node:child_process';
import { BROWSERS, inCI, missingFor, missingLine } from './browsers.mjs';

const separator = process.argv.indexOf('--');
if (separator < 3 || separator === process.argv.length - 1) {
  console.error('usage: node test/shared/browser-tier.mjs <browser>… -- <command> [arguments]');
  process.exit(2);
}
const tier = process.argv.slice(2, separator);
const [command, ...rest] = process.argv.slice(separator + 1);
const chosen = rest.filter((arg) => tier.includes(arg));
const wanted = chosen.length ? chosen : tier;

let playwrightChromium;
if (wanted.includes('chromium')) {
  try {
    playwrightChromium = (await import('@playwright/test')).chromium.executablePath();
  } catch {
    // Playwright has no browser of its own here.
  }
}

const ready = [];
let failed = false;
for (const browser of wanted) {
  const missing = missingFor(browser, { playwrightChromium });
  if (!missing.length) ready.push(browser);
  else if (inCI()) {
    failed = true;
    console.error(`FAILED: the ${BROWSERS[browser].name} tests cannot run under CI=true. ${missingLine(browser, missing)}`);
  } else console.log(`SKIPPED: the ${BROWSERS[browser].name} tests. ${missingLine(browser, missing)}`);
}
if (failed) process.exit(1);
if (!ready.length) process.exit(0);

// A tier of several browsers runs the test files of those that are ready (each file is one browser's).
const args = [...rest.filter((arg) => !tier.includes(arg)), ...(tier.length > 1 ? ready : [])];
const child = spawn(command, args, { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
