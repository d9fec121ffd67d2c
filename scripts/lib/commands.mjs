// The commands a release runs, each in a process group of its own: a Ctrl-C at the terminal
// reaches the release (which decides what to do) and not the command; a command past its time
// limit is ended whole (npx, its shell and wrangler), and a stop waits for every command to be gone.
import { spawn } from 'node:child_process';

/** How long a command ended with SIGTERM has before its group gets SIGKILL. */
const GRACE_MS = 5_000;

/** The commands running now, each with the promise of its end. */
const running = new Map();

/** Writes to the release's own output, which may be closed (a terminal gone, a pipe whose reader ended): a lost line is lost, never a crash. */
export function say(stream, text) {
  if (stream.writable && !stream.destroyed) stream.write(text, () => undefined);
}

/** Sends `signal` to a command's whole process group (the command first, should the group be gone). */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Gone already.
    }
  }
}

/**
 * Runs `command` and gives back, once its whole group has exited, `{ status, signal, stdout,
 * output, timedOut }`: what it wrote to stdout, and everything it wrote (stdout and stderr) in
 * order. Its stderr is passed on to the release's, and its stdout too with `echo`. Past
 * `timeoutMs` the group gets SIGTERM, then SIGKILL.
 */
export function runCommand(command, args, { cwd, env, timeoutMs, echo = false, input }) {
  let timedOut = false;
  const child = spawn(command, args, { cwd, env, detached: true, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
    if (echo) say(process.stdout, chunk);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
    say(process.stderr, chunk);
  });
  if (input !== undefined) child.stdin.on('error', () => undefined).end(input);
  const timer = setTimeout(() => {
    timedOut = true;
    end(child);
  }, timeoutMs);
  const ended = new Promise((resolve) => {
    child.once('error', (error) => {
      output += `${error.message}\n`;
      resolve({ status: null, signal: null });
    });
    child.once('close', (status, signal) => resolve({ status, signal }));
  }).then(({ status, signal }) => {
    clearTimeout(timer);
    // Anything it left behind in its group goes with it.
    signalGroup(child, 'SIGKILL');
    running.delete(child);
    return { status, signal, stdout, output, timedOut };
  });
  running.set(child, ended);
  return ended;
}

/** Ends one command's group: SIGTERM, then SIGKILL after the grace. */
function end(child) {
  signalGroup(child, 'SIGTERM');
  setTimeout(() => signalGroup(child, 'SIGKILL'), GRACE_MS).unref();
}

/** Ends every running command whole and waits until each has exited (a stop, before the put-back). */
export async function endRunning() {
  const waits = [...running.entries()].map(([child, ended]) => (end(child), ended));
  await Promise.all(waits);
}
