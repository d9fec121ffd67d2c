// `--secret NAME` (its value on stdin): the secret onto a new version of the serving code, deployed
// to every visitor; `versions secret put` copies the newest version, which after a stopped release
// is the stopped one, so then the serving version's commit (its `--tag`) is uploaded again first.
import { BUILDABLE_COMMIT, checkoutCommit } from '../lib/commit-checkout.mjs';
import { api, failed, overrideHeader, readUntil } from './api.mjs';
import {
  COMMAND_MS,
  deployFlags,
  OVERRIDE_WAIT_MS,
  progress,
  root,
  shellWord,
  since,
  site,
  siteFlags,
  stop,
  usage,
  values,
  who,
  worker,
  wrangler,
} from './context.mjs';
import { deployOurs, servesAlone, writeSettingsFree } from './deployment.mjs';
import { wranglerRun } from './run.mjs';

/** Puts secret `name` onto the serving code and exits: 0 once it serves every visitor, 1 (the serving version left or said how to put back) otherwise. */
export async function fixSecret(name) {
  writeSettingsFree();
  const value = await readSecret(name);
  const now = await servingNow();
  // Its record, whole in a version's and a deployment's 100 bytes, and the one way the new version is found.
  const record = `${name} on ${now.tag || now.serving.slice(0, 8)} by ${who} ${since}`;
  let checkout;
  let code = 0;
  try {
    if (now.newest !== now.serving) {
      checkout = await checkOutServing(now);
      await wranglerRun(
        `Upload the serving commit ${now.tag} again, without traffic`,
        ['versions', 'upload', ...siteFlags, '--tag', now.tag, '--message', `again: ${record}`],
        { cwd: checkout.dir },
      );
    }
    await putOnto(name, value, now, record);
  } catch (error) {
    code = 1;
    const back = await servesAlone(now.serving);
    console.error(
      `\nSecret not changed: ${error instanceof Error ? error.message : error}. ` +
        (back.alone
          ? `The serving version ${now.serving} still serves every visitor.`
          : `Put the serving version back: ${[...wrangler, 'versions', 'deploy', `${now.serving}@100%`, ...deployFlags, '--yes'].map(shellWord).join(' ')}`),
    );
  } finally {
    checkout?.remove();
  }
  process.exit(code);
}

/** The secret's value from stdin (its closing newline dropped); refused when empty or not one the site requires. */
async function readSecret(name) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const value = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (!value) usage(`--secret ${name} takes the secret's value on stdin: printf %s "$VALUE" | npm run deploy -- --secret ${name}`);
  if (!(site.secrets?.required ?? []).includes(name)) usage(`${name} is not one of [env.production.secrets] required.`);
  return value;
}

/** The version serving every visitor, the newest version, the serving one's commit (its tag) and the deployment the change stands beside; exits when it cannot be told. */
async function servingNow() {
  const [deployments, versions] = await Promise.all([
    api(`/workers/scripts/${worker}/deployments`),
    api(`/workers/scripts/${worker}/versions`),
  ]);
  if (deployments.status !== 200 || versions.status !== 200) {
    console.error(`\nNothing changed: ${failed('The deployments and versions', deployments.status !== 200 ? deployments : versions)}.`);
    process.exit(1);
  }
  const now = deployments.result?.deployments?.[0];
  if (now?.versions.length !== 1 || now.versions[0].percentage !== 100) {
    console.error(
      `\nNothing changed: a gradual deployment is under way; finish it or put the serving version back first (npm run deploy -- --log).`,
    );
    process.exit(1);
  }
  const serving = now.versions[0].version_id;
  const items = versions.result?.items ?? [];
  const tag = items.find((v) => v.id === serving)?.annotations?.['workers/tag'] ?? '';
  return { serving, newest: items[0]?.id, tag, beside: { deployment: now.id } };
}

/** The serving version's commit checked out and built beside this checkout, when a stopped release left a newer version. */
async function checkOutServing({ serving, newest, tag }) {
  console.log(
    `\nThe newest version ${newest} is not the serving one (a stopped release left it): the serving version's commit ${tag || '(none on record)'} is uploaded again, and the secret goes onto that.`,
  );
  if (!BUILDABLE_COMMIT.test(tag))
    stop(
      `the serving version ${serving} names no commit to build (its tag is "${tag}"): upload its code again by hand (npx wrangler versions upload from its commit), then run this again`,
    );
  console.log(`\n${++progress.step}. Check out and build the serving commit ${tag}`);
  return checkoutCommit(root, tag, { files: [values.config], timeoutMs: COMMAND_MS }).catch((error) =>
    stop(`the serving commit ${tag} could not be built: ${error.message}`),
  );
}

/** The secret onto a new version of the newest code, found by its record, read by its override at 0 %, then given every visitor. */
async function putOnto(name, value, { serving, tag, beside }, record) {
  await wranglerRun(
    `Put ${name} onto a new version of the serving code, without traffic`,
    ['versions', 'secret', 'put', name, ...siteFlags, ...(tag ? ['--tag', tag] : []), '--message', record],
    { input: value },
  );
  const listed = (await api(`/workers/scripts/${worker}/versions`)).result?.items ?? [];
  const made = listed.find((v) => v.annotations?.['workers/message'] === record)?.id;
  if (!made) stop(`the version with ${name} (its message "${record}") could not be found`);
  await deployOurs(
    beside,
    'Deploy it at 0 % beside the serving version, so that its override reaches it',
    [`${made}@0%`, `${serving}@100%`],
    `${record}: 0 %`,
  );
  console.log(`\n${++progress.step}. Read it on the real host by its override (at most ${OVERRIDE_WAIT_MS / 1000} s)`);
  const health = await readUntil('/healthz', overrideHeader(made), (a) => a.startsWith('200') && a.includes(made), OVERRIDE_WAIT_MS);
  if (!health.ok) stop(`the version with ${name} does not answer for itself by its override (/healthz: ${health.last.slice(0, 120)})`);
  await deployOurs(beside, 'Give it every visitor', [`${made}@100%`], `${record}: 100 %`);
  console.log(`\n${name} changed: ${made} serves every visitor, the serving code with the new secret.`);
}
