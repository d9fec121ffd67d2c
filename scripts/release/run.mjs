// How a step runs a command: printed with its number, run within COMMAND_MS unless this is a dry
// run, and a failure turned into the step's stop.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../lib/commands.mjs';
import { COMMAND_MS, dry, progress, root, shellWord, stop, Stopped, wrangler } from './context.mjs';

/** Prints a step and its command; runs it (within COMMAND_MS, ended whole past it) unless this is a dry run, and gives back what it printed. */
export async function run(title, command, args, { env, cwd = root, input } = {}) {
  if (progress.ending) stop(`${title}: not started, the release is stopping`);
  console.log(`\n${++progress.step}. ${title}\n   $ ${[command, ...args].map(shellWord).join(' ')}`);
  if (dry) return '';
  const done = await runCommand(command, args, {
    cwd,
    input,
    timeoutMs: COMMAND_MS,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
  });
  if (done.timedOut) return stop(`${title}: no answer in ${COMMAND_MS / 1000} s (the command was ended)`);
  if (done.status !== 0) return stop(`${title}: Command failed: ${[command, ...args].join(' ')}`);
  return done.stdout;
}
export const wranglerRun = (title, args, options) => run(title, wrangler[0], [...wrangler.slice(1), ...args], options);

/** Runs a wrangler command that writes its output file (WRANGLER_OUTPUT_FILE_PATH), and gives back the entry of `type`. */
export async function wranglerOutput(title, args, type, cwd = root) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-output-'));
  const file = path.join(dir, 'wrangler-output.json');
  try {
    await wranglerRun(title, args, { env: { WRANGLER_OUTPUT_FILE_PATH: file }, cwd });
    if (dry) return {};
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    return lines.map((line) => JSON.parse(line)).find((entry) => entry.type === type) ?? {};
  } catch (error) {
    if (error instanceof Stopped) throw error;
    return stop(`${title}: wrangler's output could not be read (${error.message})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A file of `NAME=value` lines for `wrangler deploy --secrets-file`, from the environment; removed once read. */
export function secretsFile(names) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
  const file = path.join(dir, 'secrets.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(names.map((name) => [name, process.env[name]]))), { mode: 0o600 });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
