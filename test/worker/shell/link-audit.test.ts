import { describe, expect, it } from 'vitest';
import { DEMO_SECTIONS } from '../../../src/demo/map';
import { FOREIGN_PAGES } from '../../../src/domain/site';
import { ANDROID, DESKTOP, IPHONE } from '../helpers';
import { embeddedEnv, freshClient, httpEnv, request, resetStandIn } from '../origin-helpers';
import { ROUTE_TABLE } from '../routes';

/**
 * The link audit: from every route of both specs (the demo index's pages and the route table),
 * on a computer, an iPhone and an Android phone, every link, form action and redirect that
 * stays on the site is followed. None may end in a 404 or a 5xx, loop, or send a visitor back
 * to the page they are on as its way forward. Pages that belong to the legacy site
 * (`FOREIGN_PAGES`) pass through to the backend in production: on the HTTP origin they are
 * exits, not followed; on the embedded origin the demo answers them and they are followed.
 */

const SITE = 'https://papaya.test';
const DEVICES = { desktop: DESKTOP, iphone: IPHONE, android: ANDROID } as const;
/** Paths that are not pages: the API, the developer routes, files. Their own tests cover them. */
const NOT_PAGES = /^\/(api\/|_dev\/|assets\/|images\/|favicon\.svg|robots\.txt|healthz|s\/)|\.php$/;
/** Start pages that are meant to answer 404 (the not-found page itself is audited for its links). */
const EXPECTED_404 = new Set(['/no-such-provider', ...ROUTE_TABLE.filter(([, , e]) => e.status === 404).map(([path]) => path)]);
const MAX_PAGES = 600;

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

interface Exit {
  kind: 'link' | 'form' | 'content-link';
  href: string;
}

/**
 * Every way forward a page offers: links, and form actions (a form with no action posts to the
 * page). Links in the page's own content (not the navigation or the footer) are marked.
 */
function exitsOf(html: string, page: string): Exit[] {
  const exits: Exit[] = [];
  const content = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  for (const [tag] of html.matchAll(/<a\s[^>]*>/g)) {
    const href = attr(tag, 'href');
    if (href === undefined || href.startsWith('#')) continue;
    exits.push({ kind: 'link', href });
  }
  for (const [tag] of content.matchAll(/<a\s[^>]*>/g)) {
    const href = attr(tag, 'href');
    if (href !== undefined && !href.startsWith('#')) exits.push({ kind: 'content-link', href });
  }
  for (const [tag] of html.matchAll(/<form\s[^>]*>|<form>/g)) exits.push({ kind: 'form', href: attr(tag, 'action') ?? page });
  return exits;
}

interface Finding {
  device: string;
  from: string;
  to: string;
  problem: string;
}

const say = (f: Finding) => `${f.device}: ${f.from} → ${f.to}: ${f.problem}`;

/** An address without the language switch's `lang` parameter. */
function withoutLanguage(url: string): string {
  const at = new URL(url, SITE);
  at.searchParams.delete('lang');
  return `${at.pathname}${at.search}`;
}

async function audit(env: Env, followForeign: boolean) {
  const foreign = new Set<string>(FOREIGN_PAGES.map((p) => p.path));
  const starts = ['/', ...DEMO_SECTIONS.flatMap((s) => s.links.map((l) => l.path)), ...ROUTE_TABLE.map(([path]) => path)].filter(
    (path) => !NOT_PAGES.test(new URL(path, SITE).pathname),
  );
  const findings: Finding[] = [];
  const counts = { pages: 0, links: 0, redirects: 0, exits: 0 };

  for (const [device, ua] of Object.entries(DEVICES)) {
    const seen = new Set<string>();
    const queue: Array<{ url: string; from: string }> = [...new Set(starts)].map((url) => ({ url, from: '(start)' }));
    while (queue.length && seen.size < MAX_PAGES) {
      const { url, from } = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const path = new URL(url, SITE).pathname;
      if (!followForeign && foreign.has(path)) {
        counts.exits++;
        continue;
      }
      // Follows the redirects itself: each hop must stay in bounds and never come back.
      let at = url;
      const chain = [at];
      let res = await request(env, at, { headers: { 'User-Agent': ua, 'CF-Connecting-IP': freshClient() } });
      while (res.status >= 300 && res.status < 400) {
        counts.redirects++;
        const location = res.headers.get('Location') ?? '';
        const next = new URL(location, new URL(at, SITE));
        if (next.origin !== SITE) break;
        at = `${next.pathname}${next.search}`;
        if (chain.includes(at)) {
          findings.push({ device, from: url, to: at, problem: `redirect loop: ${[...chain, at].join(' → ')}` });
          break;
        }
        chain.push(at);
        if (NOT_PAGES.test(next.pathname) || (!followForeign && foreign.has(next.pathname))) break;
        if (chain.length > 5) {
          findings.push({ device, from: url, to: at, problem: `more than 4 redirects: ${chain.join(' → ')}` });
          break;
        }
        res = await request(env, at, { headers: { 'User-Agent': ua, 'CF-Connecting-IP': freshClient() } });
      }
      if (res.status >= 300 && res.status < 400) continue;
      counts.pages++;
      if (res.status >= 500) findings.push({ device, from, to: url, problem: `answered ${res.status}` });
      // The not-found page in the other language is that same page: its switch link answers 404 too.
      const sameNotFound = from !== '(start)' && withoutLanguage(url) === withoutLanguage(from);
      if (res.status === 404 && !(from === '(start)' && EXPECTED_404.has(url)) && !sameNotFound)
        findings.push({ device, from, to: url, problem: 'answered 404' });
      if (!(res.headers.get('Content-Type') ?? '').startsWith('text/html')) continue;
      const html = await res.text();
      const here = new URL(at, SITE);
      for (const exit of exitsOf(html, at)) {
        const target = new URL(exit.href, here);
        if (target.origin !== SITE) continue;
        if (exit.kind !== 'content-link') counts.links++;
        const key = `${target.pathname}${target.search}`;
        if (exit.kind === 'content-link' && key === `${here.pathname}${here.search}`)
          findings.push({ device, from: at, to: key, problem: 'a link that leads back to the same page' });
        if (NOT_PAGES.test(target.pathname)) continue;
        if (!seen.has(key)) queue.push({ url: key, from: at });
      }
    }
  }
  return { findings, counts };
}

describe('link audit', () => {
  it('embedded origin: every link, form action and redirect leads somewhere', async () => {
    const { findings, counts } = await audit(embeddedEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>), true);
    console.log(
      `link audit, embedded origin: ${counts.pages} pages, ${counts.links} links and form actions, ${counts.redirects} redirects followed`,
    );
    expect(findings.map(say)).toEqual([]);
  }, 240_000);

  it('HTTP origin: every link, form action and redirect leads somewhere', async () => {
    await resetStandIn();
    const { findings, counts } = await audit(httpEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>), false);
    console.log(
      `link audit, HTTP origin: ${counts.pages} pages, ${counts.links} links and form actions, ${counts.redirects} redirects followed, ${counts.exits} exits to the legacy site`,
    );
    expect(findings.map(say)).toEqual([]);
  }, 240_000);
});
