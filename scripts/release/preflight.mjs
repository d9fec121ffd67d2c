// Step 1, preflight: what must hold before anything changes (the token's permissions, the
// Worker's state, its secrets, its host), read from the account; a refusal names everything
// missing and what to do, and `--check` stops here.
import { affinityOf, AFFINITY_STATE } from './affinity.mjs';
import { api, failed, json, refused } from './api.mjs';
import { alerts, cacheNamespace, dry, HELD, progress, SETTINGS, site, siteFlags, usage, values, worker } from './context.mjs';
import { checkHosts, zonesOfHosts } from './hosts.mjs';

const refuse = (reason) => {
  console.error(`\nRelease refused, nothing changed: ${reason}`);
  process.exit(1);
};

/** The preflight: the account's state, and the hold on its deployment the next steps keep (`beside`: the new version while it may serve beside the serving one). */
export async function preflight(found) {
  const state = await checkAccount();
  if (values.check) {
    for (const z of state.affinity) console.log(`\nVersion affinity on ${z.zone} (${z.hosts.join(', ')}): ${AFFINITY_STATE[z.state]}.`);
    console.log(
      `\nReady to release: every permission, ${state.exists ? "the Worker's state and its secrets" : 'the secrets and the host of a first release'} hold. Nothing changed.`,
    );
    process.exit(0);
  }
  return { ...found, ...state, beside: { version: undefined, triggers: false, deployment: state.deployment } };
}

/** What must hold before anything changes; a refusal names everything missing and what to do. */
async function checkAccount() {
  console.log(`\n${++progress.step}. Check, before anything changes: the token's permissions, the Worker's state, its secrets, its host`);
  // A dry run reads nothing: it shows the release of a Worker that exists, its serving version a placeholder.
  if (dry) return { exists: true, serving: '<serving version id>' };
  for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'])
    if (!process.env[name]) usage(`${name} is not set: the release needs an API token and its account.`);
  const asked = await askAccount();
  const exists = asked.service.status === 200;
  const alertsNew = asked.alertsService.status === 404;
  const { missing, unread } = gapsOf(asked, exists);
  const problems = problemsOf(asked, missing, exists, alertsNew);
  if (problems.length) refuse(problems.join('\n'));
  if (unread.length) refuse(`${unread.join('; ')}. Nothing was changed; release again once the API answers.`);
  checkHosts(
    asked.zoned.map((z, i) => ({ host: z.host, records: asked.records[i].result ?? [], domains: asked.attached[i].result ?? [] })),
    refuse,
  );
  if (!exists) return { exists: false, alertsNew, affinity: asked.affinity };
  return { exists: true, alertsNew, affinity: asked.affinity, ...servingOf(asked) };
}

/** Each permission asked by a call that changes nothing (a read, a write of nothing, or a change the API refuses once the permission is checked), and what the account holds. */
async function askAccount() {
  const [analytics, service, alertsService, scripts, kv, zoning, deployments, secrets, settings] = await Promise.all([
    api('/analytics_engine/sql', { method: 'POST', body: 'SELECT 1 FORMAT JSON' }),
    api(`/workers/services/${worker}`),
    api(`/workers/services/${alerts.name}`),
    api(`/workers/scripts/${worker}/secrets`, { ...json({}), method: 'PUT' }),
    api(`/storage/kv/namespaces/${cacheNamespace}/bulk`, { ...json([]), method: 'PUT' }),
    zonesOfHosts(),
    api(`/workers/scripts/${worker}/deployments`),
    api(`/workers/scripts/${worker}/secrets`),
    api(`/workers/scripts/${worker}/script-settings`),
  ]);
  const zoned = zoning.zones.filter((z) => z.id);
  const [routes, records, attached, affinity] = await Promise.all([
    Promise.all(zoned.map((z) => api(`/zones/${z.id}/workers/routes`, json({})))),
    Promise.all(zoned.map((z) => api(`/zones/${z.id}/dns_records?name=${encodeURIComponent(z.host)}`))),
    Promise.all(zoned.map((z) => api(`/workers/domains?hostname=${encodeURIComponent(z.host)}`))),
    affinityOf(zoned, { probe: true }),
  ]);
  return {
    analytics,
    service,
    alertsService,
    scripts,
    kv,
    zoning,
    deployments,
    secrets,
    settings,
    zoned,
    routes,
    records,
    attached,
    affinity,
  };
}

/** The permissions the token lacks and the reads that failed, each named, in the order a refusal lists them. */
function gapsOf(a, exists) {
  const missing = [];
  const unread = [...a.zoning.unread];
  if (refused(a.analytics)) missing.push('Account Analytics Read (the canary is judged on the Analytics Engine SQL API)');
  else if (a.analytics.status !== 200) unread.push(failed('The Analytics Engine SQL API', a.analytics));
  if ([a.service, a.alertsService, a.scripts].some(refused)) missing.push('Workers Scripts Write (versions, deployments, secrets)');
  else
    for (const [what, answer] of [
      [worker, a.service],
      [alerts.name, a.alertsService],
    ])
      if (![200, 404].includes(answer.status)) unread.push(failed(`The Worker ${what}`, answer));
  if (refused(a.kv)) missing.push('Workers KV Storage Write (the approved payment pages are put in KV)');
  else if (a.kv.status !== 200) unread.push(failed('The KV namespace of CACHE', a.kv));
  zoneGaps(a, missing, unread);
  if (exists)
    for (const [what, answer] of [
      ['The deployments', a.deployments],
      ['The secrets', a.secrets],
      ["The Worker's settings", a.settings],
    ])
      if (!refused(answer) && answer.status !== 200) unread.push(failed(what, answer));
  return { missing, unread };
}

/** What the zones of the site's hosts lack (their lookup, routes, DNS records, Custom Domains, affinity rules), added to `missing` and `unread`. */
function zoneGaps(a, missing, unread) {
  for (const z of a.zoning.zones) {
    if (a.zoning.refused && !z.id)
      missing.push(
        `Zone Read on the zone of ${z.host} (its lookup; without it, Workers Routes Write and DNS Read there cannot be checked)`,
      );
    else if (!z.id) missing.push(`a zone of this account holding ${z.host} (add the zone, or the token's access to it)`);
  }
  a.zoned.forEach((z, i) => {
    if (refused(a.routes[i])) missing.push(`Workers Routes Write on ${z.zone} (the Custom Domain ${z.host})`);
    if (refused(a.records[i])) missing.push(`DNS Read on ${z.zone} (the records of ${z.host}, read before a Custom Domain is made)`);
    else if (a.records[i].status !== 200) unread.push(failed(`The DNS records of ${z.host}`, a.records[i]));
    if (!refused(a.attached[i]) && a.attached[i].status !== 200) unread.push(failed(`The Custom Domains of ${z.host}`, a.attached[i]));
  });
  for (const z of a.affinity) {
    // A rule's value read from a named cookie (`http.request.cookies`) needs a paid plan.
    if (z.plan === 'free')
      missing.push(
        `a Pro, Business or Enterprise plan on ${z.zone} (the version-affinity rule reads its cookie with http.request.cookies, which the Free plan lacks)`,
      );
    if (z.refused)
      missing.push(`Transform Rules Write on ${z.zone} (the version-affinity rule that keeps each visitor on one version during a split)`);
    else if (z.unread) unread.push(z.unread);
  }
}

/** Everything missing, named in one refusal: permissions, and the secrets a release needs. */
function problemsOf(a, missing, exists, alertsNew) {
  const fromEnvironment = [
    ...(exists ? [] : (site.secrets?.required ?? []).map((name) => [worker, name])),
    ...(alertsNew ? (alerts.secrets?.required ?? []).map((name) => [alerts.name, name]) : []),
  ].filter(([, name]) => !process.env[name]);
  // The newest version's secrets, which the upload inherits (wrangler's own `secrets.required` check, made at upload, asked here first).
  const lacking =
    exists && a.secrets.status === 200
      ? (site.secrets?.required ?? []).filter((name) => !a.secrets.result.some((s) => s.name === name))
      : [];
  return [
    missing.length &&
      `the API token lacks ${missing.length === 1 ? 'a permission' : 'permissions'} the release uses:\n  - ${missing.join('\n  - ')}\nAdd ${missing.length === 1 ? 'it' : 'them'} to the token (dash.cloudflare.com/profile/api-tokens), then release again.`,
    fromEnvironment.length &&
      `a Worker's first release sets its secrets, and these are not in the environment: ${fromEnvironment.map(([w, name]) => `${name} (${w})`).join(', ')}.`,
    lacking.length &&
      `${worker} lacks the secrets ${lacking.join(', ')}: set each with printf %s "$VALUE" | npm run deploy -- --secret <NAME> (onto the serving code, even after a stopped release).`,
  ].filter(Boolean);
}

/** A Worker that exists: refused while its Durable Object classes change or a gradual deployment runs; else its serving version, deployment and settings. */
function servingOf(a) {
  const newestTag = site.migrations.at(-1)?.tag ?? null;
  const tag = a.service.result?.default_environment?.script?.migration_tag ?? null;
  if (tag !== newestTag)
    refuse(
      `this version changes Durable Object classes (migration ${tag ?? 'none'} → ${newestTag}), which Cloudflare applies only to a version deployed whole, never to a gradual release. ` +
        `In a quiet hour run: npx wrangler deploy ${siteFlags.join(' ')} — then check the site and the alerts.`,
    );
  const current = a.deployments.result?.deployments?.[0];
  if (!current || current.versions.length !== 1 || current.versions[0].percentage !== 100) {
    const split = (current?.versions ?? []).map((v) => `${v.version_id} ${v.percentage} %`).join(', ');
    const held = HELD.exec(current?.annotations?.['workers/message'] ?? '');
    refuse(
      `a gradual deployment is under way (${split})${held ? `, made by the release of ${held[1]} by ${held[2]}, since ${held[3]}: if it still runs, wait for it to end or ask them; otherwise finish it` : '. Finish it'}` +
        ` (npx wrangler versions deploy <version>@100% ${siteFlags.join(' ')}) or put the serving version back, then release again.`,
    );
  }
  const settings = Object.fromEntries(
    SETTINGS.flatMap((name) => (a.settings.result?.[name] === undefined ? [] : [[name, a.settings.result[name]]])),
  );
  return { settings, serving: current.versions[0].version_id, deployment: current.id };
}
