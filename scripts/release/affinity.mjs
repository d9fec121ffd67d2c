// The zone's version-affinity rules, which keep each visitor on one version during a split: read
// by the preflight, written by the build before the new version can get a visitor.
import { api, failed, json, refused } from './api.mjs';
import { AFFINITY_PHASE, affinityRules, dry, hosts, progress, sameRule, stop } from './context.mjs';

/**
 * The version-affinity rules (src/security/version-key.ts) each zone of the site's hosts must hold
 * in its request-header phase, what it holds (read by their `ref`), and the changes that make it so.
 */
export async function affinityOf(zoned, { probe = false } = {}) {
  const byZone = new Map();
  for (const z of zoned) byZone.set(z.id, { zone: z.zone, id: z.id, plan: z.plan, hosts: [...(byZone.get(z.id)?.hosts ?? []), z.host] });
  return Promise.all(
    [...byZone.values()].map(async (z) => {
      const wanted = affinityRules(z.hosts);
      // Write asked by a ruleset with no name, which the API refuses once the permission is checked; then the phase read.
      const [written, read] = await Promise.all([
        probe ? api(`/zones/${z.id}/rulesets`, json({ kind: 'zone', phase: AFFINITY_PHASE })) : { status: 400 },
        api(`/zones/${z.id}/rulesets/phases/${AFFINITY_PHASE}/entrypoint`),
      ]);
      if (refused(written) || refused(read)) return { ...z, wanted, refused: true };
      // A phase never written has no entrypoint ruleset (10003): it is made with the rules.
      if (read.status === 404 && read.error?.code === 10003) return { ...z, wanted, state: 'missing', changes: [{ create: wanted }] };
      if (read.status !== 200 || !read.result?.id) return { ...z, wanted, unread: failed(`The request-header rules of ${z.zone}`, read) };
      const held = read.result?.rules ?? [];
      const changes = wanted.flatMap((rule) => {
        const found = held.find((h) => h.ref === rule.ref);
        if (!found) return [{ add: rule, ruleset: read.result.id }];
        return sameRule(found, rule) ? [] : [{ patch: rule, ruleset: read.result.id, id: found.id }];
      });
      const state = !changes.length ? 'as written' : changes.some((c) => c.patch) ? 'changed' : 'missing';
      return { ...z, wanted, state, changes };
    }),
  );
}

/** What the affinity rules of each zone are, as `--check` reports it. */
export const AFFINITY_STATE = {
  'as written': 'as written',
  missing: 'missing: the release adds it before the new version gets any visitor',
  changed: 'changed since a release wrote it: the release writes it back before the new version gets any visitor',
};

/**
 * Makes each zone hold the version-affinity rules, changing only those rules (a rule added or
 * patched by its id, the phase made when it has none), before the new version can get a visitor.
 */
export async function ensureAffinity(zones) {
  if (progress.ending) stop('the version-affinity rule: not written, the release is stopping');
  const shown = (rules) => JSON.stringify(rules, null, 2).replace(/\n/g, '\n   ');
  if (dry) {
    console.log(
      `\n${++progress.step}. Make the zone of ${hosts.join(', ')} hold the version-affinity rules (a request's Cloudflare-Workers-Version-Key from its cookie, or a new one), adding or mending only these\n` +
        `   POST /zones/<zone id>/rulesets (the phase's ruleset, when it has none), else POST or PATCH /zones/<zone id>/rulesets/<ruleset id>/rules[/<rule id>]\n   ${shown(affinityRules(hosts))}`,
    );
    return;
  }
  // Read again now: the phase may have changed since the preflight (an operator, another tool).
  const again = await affinityOf(zones.flatMap((z) => z.hosts.map((host) => ({ zone: z.zone, id: z.id, plan: z.plan, host }))));
  for (const z of again) {
    if (z.unread) stop(z.unread);
    if (!z.changes.length) {
      console.log(`\n${++progress.step}. The version-affinity rules of ${z.zone}: as written, nothing to change`);
      continue;
    }
    for (const change of z.changes) {
      // A phase without rules gets its ruleset made, which the API refuses if one was made meanwhile: nobody's rules are replaced.
      const [method, where, body] = change.create
        ? ['POST', `/zones/${z.id}/rulesets`, { name: 'default', kind: 'zone', phase: AFFINITY_PHASE, rules: change.create }]
        : change.add
          ? ['POST', `/zones/${z.id}/rulesets/${change.ruleset}/rules`, change.add]
          : ['PATCH', `/zones/${z.id}/rulesets/${change.ruleset}/rules/${change.id}`, change.patch];
      console.log(
        `\n${++progress.step}. The version-affinity rules of ${z.zone}: ${z.state}, written\n   ${method} ${where}\n   ${shown(body)}`,
      );
      const done = await api(where, { ...json(body), method });
      if (done.status !== 200)
        stop(failed(`The version-affinity rule of ${z.zone}`, done).replace('could not be read', 'could not be written'));
    }
  }
}
