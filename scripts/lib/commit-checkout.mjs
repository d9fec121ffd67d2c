// A commit's code beside this checkout, built as a release builds it: a git worktree of the commit
// (this checkout's packages linked in, its filled-in configurations copied), its islands built.
// The release uses it to upload the serving version's code again (a secret fixed after a stopped
// release); the release tier uses it to run the previous commit's Worker beside this one.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from './commands.mjs';

/** What a commit is named by in a version's tag: 12 hex digits, never a dirty tree's. */
export const BUILDABLE_COMMIT = /^[0-9a-f]{7,40}$/;

/**
 * Checks out `commit` of the repository at `root` in a temporary worktree, links `root`'s
 * node_modules, copies `files` (configurations with this checkout's filled-in values) and builds
 * its client. A file the commit holds is copied only if it is the same at the commit as here
 * (bar what is not committed): the commit's code never runs with a later configuration. Gives back
 * its directory and `remove()`; throws with what failed.
 */
export async function checkoutCommit(root, commit, { files = [], timeoutMs = 10 * 60_000 } = {}) {
  if (!BUILDABLE_COMMIT.test(commit)) throw new Error(`${commit} is not a commit this repository can build (a dirty tree's tag is not)`);
  const dir = mkdtempSync(path.join(tmpdir(), `papaya-${commit.slice(0, 12)}-`));
  const git = (...args) => execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  try {
    git('worktree', 'add', '--detach', dir, commit);
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    for (const file of files) {
      const held = tracked(git, commit, file);
      if (held && !sameSince(git, commit, file))
        throw new Error(
          `${file} changed since ${commit}: its code would run with a later configuration (git diff ${commit} HEAD -- ${file})`,
        );
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      if (existsSync(path.join(root, file))) copyFileSync(path.join(root, file), path.join(dir, file));
    }
    const built = await runCommand('npm', ['run', 'build:client'], {
      cwd: dir,
      timeoutMs,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error(`its client build failed: ${built.output.slice(-400)}`);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Whether `commit` holds `file`. */
function tracked(git, commit, file) {
  try {
    git('cat-file', '-e', `${commit}:${file}`);
    return true;
  } catch {
    return false;
  }
}

/** Whether `file` is committed the same at `commit` and at HEAD. */
function sameSince(git, commit, file) {
  try {
    git('diff', '--quiet', commit, 'HEAD', '--', file);
    return true;
  } catch {
    return false;
  }
}
