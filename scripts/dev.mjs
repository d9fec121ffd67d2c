// npm run dev [-- wrangler dev options]: the whole site on the embedded origin, rebuilt as you edit.
// 1. builds the islands once, then keeps Vite rebuilding them when client/ or src/domain/ change
//    (the Worker reads the new manifest, so a browser reload gets the new islands);
// 2. applies the D1 migrations to the local database without asking;
// 3. runs `wrangler dev`, which restarts the Worker when src/ changes, on port 8787 unless the
//    options name another (`npm run dev -- --port 8790`), and prints where to start: the demo index at `/`.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const portAt = args.findIndex((a) => a === '--port' || a.startsWith('--port='));
const port = portAt < 0 ? '8787' : args[portAt].includes('=') ? args[portAt].split('=')[1] : args[portAt + 1];
const wranglerArgs = portAt < 0 ? ['--port', port, ...args] : args;
const children = [];

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function start(command, commandArgs, options = {}) {
  const child = spawn(command, commandArgs, { stdio: ['inherit', 'inherit', 'inherit'], ...options });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  return child;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

run('vite', ['build', '--logLevel', 'warn']);
// Without a terminal on stdin, wrangler applies the migrations without its "continue? (Y/n)" prompt.
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local']);
start('vite', ['build', '--watch', '--logLevel', 'warn', '--emptyOutDir', 'false'], { stdio: ['ignore', 'inherit', 'inherit'] });
const wrangler = start('wrangler', ['dev', ...wranglerArgs], { stdio: ['inherit', 'pipe', 'inherit'] });

const base = `http://localhost:${port}`;
let announced = false;
wrangler.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (announced || !/Ready on/.test(String(chunk))) return;
  announced = true;
  process.stdout.write(
    `\nPapaya is running at ${base} with the embedded origin and its demo data.\nStart at ${base}/ : the demo index links every page of both specs with the demo payees, tokens and codes.\n\n`,
  );
});
