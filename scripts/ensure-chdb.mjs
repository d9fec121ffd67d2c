// node scripts/ensure-chdb.mjs — installs chDB beside the project's packages where it is missing
// (`npm test` runs it first). chDB runs the indicators' SQL (ClickHouse's dialect, as Analytics
// Engine's) for the canary's tests, the release tier, the alerts drill and `npm run alerts:check`.
// It stays out of package.json: the registry carries only its Linux x64 library, so a lock file
// naming every platform's cannot be written. Without the registry the tiers that need it say so and
// are skipped, except under CI=true, where this fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHDB_INSTALL, CHDB_PACKAGE } from './lib/clickhouse.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'node_modules/chdb/package.json'))) {
  console.log(`Installing ${CHDB_PACKAGE} (about 550 MB) for the tests that run the indicators' SQL: ${CHDB_INSTALL}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const installed = spawnSync(npm, ['install', '--no-save', '--no-audit', '--no-fund', CHDB_PACKAGE], { cwd: root, stdio: 'inherit' });
  if (installed.status !== 0) {
    console.error(
      `${CHDB_PACKAGE} could not be installed: the canary's tests, the release tier and the alerts drill will be skipped. Install it with: ${CHDB_INSTALL}`,
    );
    if (process.env.CI === 'true') process.exit(1);
  }
}
