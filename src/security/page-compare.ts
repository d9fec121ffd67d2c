import {
  ABSENT,
  CHECKED_HEADERS,
  readPaymentPages,
  type Difference,
  type Fetcher,
  type PageManifest,
  type ServedPage,
  type ServedScript,
} from './page-check';

/**
 * A payment page manifest as served, compared with the one approved for the version that drew it
 * (PCI DSS 4.0.1 11.6.1): each difference named with its approved and served value. The approved
 * manifests live in KV, one per version, put there by the release path (`npm run deploy`).
 */

const scriptKey = (s: ServedScript) => `${s.kind} ${s.address}`;
const describe = (s: ServedScript) => `integrity ${s.integrity || '(none)'}, bytes ${s.sha384 || '(another site)'}`;

/** Every way one served page answer differs from its approved one, each named by header or script. */
function comparePage(page: string, want: ServedPage, got: ServedPage): Difference[] {
  const differences: Difference[] = [];
  if (want.status !== got.status) differences.push({ page, what: 'status', approved: String(want.status), served: String(got.status) });
  if ((want.location ?? '') !== (got.location ?? ''))
    differences.push({ page, what: 'redirect', approved: want.location ?? ABSENT, served: got.location ?? ABSENT });
  for (const name of CHECKED_HEADERS) {
    const a = want.headers[name] ?? ABSENT;
    const s = got.headers[name] ?? ABSENT;
    if (a !== s) differences.push({ page, what: `header ${name}`, approved: a, served: s });
  }
  // Scripts by kind and address; an inline script is named by its bytes, so a changed one is a removal and an addition.
  const keyed = (list: ServedScript[]) =>
    new Map(list.map((s) => [s.address === 'inline' ? `${scriptKey(s)} ${s.sha384}` : scriptKey(s), s] as const));
  const wanted = keyed(want.scripts);
  const gotten = keyed(got.scripts);
  for (const [key, a] of wanted) {
    const s = gotten.get(key);
    if (!s) differences.push({ page, what: `script ${key}`, approved: describe(a), served: ABSENT });
    else if (a.integrity !== s.integrity || a.sha384 !== s.sha384)
      differences.push({ page, what: `script ${key}`, approved: describe(a), served: describe(s) });
  }
  for (const [key, s] of gotten)
    if (!wanted.has(key)) differences.push({ page, what: `script ${key}`, approved: ABSENT, served: describe(s) });
  return differences;
}

/** Every way the served pages differ from the approved ones, each named by page, header or script. */
export function comparePages(approved: PageManifest, served: PageManifest): Difference[] {
  const differences: Difference[] = [];
  for (const [page, want] of Object.entries(approved.pages)) {
    const got = served.pages[page];
    if (!got) differences.push({ page, what: 'page', approved: 'checked', served: '(not read)' });
    else differences.push(...comparePage(page, want, got));
  }
  return differences;
}

/**
 * The served pages against the manifests of the versions that drew them: during a gradual deploy
 * two versions answer, and after a rollback an older one does, each as its own approval says. A
 * page no script names the version of (a redirect) passes when any approved version serves it so.
 */
export function compareWithVersions(approved: ReadonlyMap<string, PageManifest>, served: PageManifest): Difference[] {
  const differences: Difference[] = [];
  for (const [page, got] of Object.entries(served.pages)) {
    if (got.version) {
      const manifest = approved.get(got.version);
      const want = manifest?.pages[page];
      if (!manifest) differences.push({ page, what: `version ${got.version}`, approved: '(no approved manifest)', served: got.version });
      else if (!want) differences.push({ page, what: 'page', approved: '(not approved)', served: 'read' });
      else differences.push(...comparePage(page, want, got));
      continue;
    }
    const candidates = [...approved.values()].flatMap((m) => (m.pages[page] ? [comparePage(page, m.pages[page]!, got)] : []));
    if (!candidates.length) differences.push({ page, what: 'page', approved: '(not approved)', served: 'read' });
    else if (!candidates.some((c) => c.length === 0)) differences.push(...candidates.sort((a, b) => a.length - b.length)[0]!);
  }
  return differences;
}

/**
 * What an approval must never bless: a script of the site's own whose bytes differ from the
 * integrity the page claims for it, or that claims none.
 */
export function unvouchedScripts(pages: PageManifest): Difference[] {
  const found: Difference[] = [];
  for (const [page, served] of Object.entries(pages.pages))
    for (const s of served.scripts) {
      if (!s.sha384 || s.kind === 'importmap' || s.address === 'inline') continue;
      if (s.integrity !== s.sha384)
        found.push({ page, what: `script ${scriptKey(s)}`, approved: s.integrity || '(no integrity)', served: s.sha384 });
    }
  return found;
}

/** One line per difference, for a terminal or a log. */
export function describeDifference(d: Difference): string {
  return `${d.page}: ${d.what}\n  approved: ${d.approved}\n  served:   ${d.served}`;
}

/**
 * Where the release puts each version's approved manifest for the Worker's scheduled check (the
 * CACHE namespace, `payment-pages:approved:<version id>`; docs/security.md).
 */
export const APPROVED_MANIFEST_PREFIX = 'payment-pages:approved:';
export const approvedManifestKey = (version: string) => `${APPROVED_MANIFEST_PREFIX}${version}`;

/** The one version whose pages a manifest holds; an error when they were drawn by several or none. */
export function versionOf(manifest: PageManifest): string {
  const versions = new Set(Object.values(manifest.pages).flatMap((p) => (p.version ? [p.version] : [])));
  if (versions.size !== 1)
    throw new Error(
      `The pages were drawn by ${versions.size ? [...versions].join(' and ') : 'no named version'}: approve one version at a time (--version).`,
    );
  return [...versions][0]!;
}

/** Every version's approved manifest in KV, by version id; an error when one is not a manifest the check wrote. */
export async function readApprovedManifests(kv: KVNamespace): Promise<Map<string, PageManifest>> {
  const manifests = new Map<string, PageManifest>();
  let cursor: string | undefined;
  do {
    const list = await kv.list({ prefix: APPROVED_MANIFEST_PREFIX, cursor });
    for (const { name } of list.keys) {
      const manifest = await kv.get<PageManifest>(name, 'json');
      const pages = Object.values(manifest?.pages ?? {});
      if (
        !manifest?.targets?.payee ||
        !manifest.targets.provider ||
        !pages.length ||
        pages.some((p) => !Array.isArray(p.scripts) || !p.headers)
      )
        throw new Error(`The approved manifest ${name} in KV is not one the check wrote.`);
      manifests.set(name.slice(APPROVED_MANIFEST_PREFIX.length), manifest);
    }
    cursor = list.list_complete ? undefined : list.cursor;
  } while (cursor);
  return manifests;
}

/** Reads the pages again and compares them with the approved manifest. */
export async function checkPaymentPages(base: string, approved: PageManifest, fetcher: Fetcher): Promise<Difference[]> {
  return comparePages(approved, await readPaymentPages(base, approved.targets, fetcher));
}

/** Reads the pages again and compares each with the manifest of the version that drew it. */
export async function checkVersionedPages(
  base: string,
  approved: ReadonlyMap<string, PageManifest>,
  fetcher: Fetcher,
): Promise<Difference[]> {
  const targets = [...approved.values()][0]!.targets;
  return compareWithVersions(approved, await readPaymentPages(base, targets, fetcher));
}
