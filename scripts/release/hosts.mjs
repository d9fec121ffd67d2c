// The site's Custom Domains as the preflight checks them: each host's zone, and whether a first
// release may make its Custom Domain.
import { api, failed, refused } from './api.mjs';
import { hosts, values, worker } from './context.mjs';

/**
 * Each Custom Domain's zone, as wrangler finds it: the longest of the host's suffixes that is a
 * zone of the account; gives back `{ host, zone?, id? }` each, and whether the lookup was refused.
 */
export async function zonesOfHosts() {
  const suffixes = (host) => {
    const labels = host.split('.');
    return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  };
  const names = [...new Set(hosts.flatMap(suffixes))];
  const answers = await Promise.all(names.map((name) => api(`/zones?name=${encodeURIComponent(name)}`)));
  const ids = new Map(names.flatMap((name, i) => (answers[i].result?.[0]?.id ? [[name, answers[i].result[0].id]] : [])));
  const plans = new Map(names.flatMap((name, i) => (answers[i].result?.[0]?.id ? [[name, answers[i].result[0].plan?.legacy_id]] : [])));
  return {
    refused: answers.some(refused),
    unread: answers.filter((a) => !refused(a) && a.status !== 200).map((a) => failed('A zone', a)),
    zones: hosts.map((host) => {
      const zone = suffixes(host).find((name) => ids.has(name));
      return { host, zone, id: zone && ids.get(zone), plan: zone && plans.get(zone) };
    }),
  };
}

/**
 * Whatever release first makes a Custom Domain, wrangler, run without a terminal, replaces what
 * the host had (it sends `override_existing_dns_record` and `override_existing_origin`): a host
 * not yet this Worker's that has a DNS record or another Worker's domain is taken over only when
 * asked (--take-over-host), and a CNAME never (Custom Domains refuse one).
 */
export function checkHosts(found, refuse) {
  const fresh = found
    .filter((f) => !f.domains.some((d) => d.service === worker))
    .map((f) => ({
      host: f.host,
      records: f.records.map((r) => `${r.type} ${r.content}`),
      cname: f.records.some((r) => r.type === 'CNAME'),
      workers: f.domains.map((d) => d.service),
    }));
  const cnames = fresh.filter((f) => f.cname);
  if (cnames.length)
    refuse(
      `${cnames.map((f) => `${f.host} has a CNAME record (${f.records.join(', ')})`).join('; ')}, and a Custom Domain cannot be made on a host with a CNAME: delete the record once its traffic may move, then release again.`,
    );
  const taken = fresh.filter((f) => f.records.length || f.workers.length);
  if (taken.length && !values['take-over-host'])
    refuse(
      `${taken
        .map(
          (f) =>
            `${f.host} already has ${[...f.records.map((r) => `the DNS record ${r}`), ...f.workers.map((w) => `the Custom Domain of the Worker ${w}`)].join(' and ')}`,
        )
        .join(
          '; ',
        )}. This release would replace ${taken.length === 1 ? 'it' : 'them'}: release again with --take-over-host once its traffic may move to ${worker}.`,
    );
  for (const f of taken)
    console.log(`   ${f.host}: taking over ${[...f.records, ...f.workers.map((w) => `Worker ${w}`)].join(', ')} (--take-over-host)`);
}
