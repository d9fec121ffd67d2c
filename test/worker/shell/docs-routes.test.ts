import { describe, expect, it } from 'vitest';
import { dataset, embeddedEnv, request } from '../origin-helpers';
import { DESKTOP } from '../helpers';

/** Every Markdown file of the project's docs, as written. */
const DOCS = import.meta.glob(['../../../ARCHITECTURE.md', '../../../README.md', '../../../docs/**/*.md'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Addresses the docs name that are not the site's routes, each with why. */
const NOT_ROUTES: Record<string, string> = {
  '/*': 'the route pattern events carry for an answer a layer gave',
  '/no-such-page-here': 'a path the tests use because no route has it',
  '/\\evil.example': 'an address an attacker sends',
  '//evil.example': 'an address an attacker sends',
  '/usr/bin/chromium': 'a file of the machine: the browser the tests drive',
};

/** Placeholders of the docs, with a value each stands for. */
const PLACEHOLDERS: Array<[RegExp, string]> = [
  [/<key>/g, 'abcdefghij'],
  [/<provider>/g, 'valleymed'],
  [/<payee>/g, '1001'],
  [/<contract call>/g, 'getPayee'],
];

/** Patterns that answer every path their route table does not: a documented route must be matched by another. */
const CATCH_ALL = ['/*', '/api/*', 'unmatched'];

const spans = [
  ...new Set(
    Object.values(DOCS).flatMap((text) =>
      [...text.matchAll(/`(?:(GET|POST|PUT|DELETE) )?(\/[^`\s]*)`/g)].map((m) => `${m[1] ?? ''} ${m[2]}`.trim()),
    ),
  ),
].filter((span) => !(span.replace(/^[A-Z]+ /, '') in NOT_ROUTES));

/** The route pattern the Worker answered `path` by, for `method`. */
async function answeredBy(method: string, path: string) {
  const { binding, events } = dataset();
  const res = await request(embeddedEnv({ EVENTS: binding } as Partial<Env>), path, {
    method,
    headers: { 'User-Agent': DESKTOP, Origin: 'https://papaya.test', 'Sec-Fetch-Site': 'same-origin' },
  });
  await res.body?.cancel();
  const answer = events().find((e) => e.event === 'answer');
  return { status: res.status, route: String(answer?.route) };
}

describe('the routes the docs name', () => {
  it('finds them', () => {
    expect(Object.keys(DOCS).length).toBeGreaterThan(10);
    expect(spans).toContain('/web-payment');
    expect(spans).toContain('POST /api/shorten_url.php');
  });

  it.each(spans)('%s is answered by a route of the Worker', async (span) => {
    const [named, written] = span.includes(' ') ? span.split(' ') : [undefined, span];
    const path = PLACEHOLDERS.reduce((p, [placeholder, value]) => p.replace(placeholder, value), written!);
    const tried: string[] = [];
    for (const method of named ? [named] : ['GET', 'POST', 'PUT', 'DELETE']) {
      const { status, route } = await answeredBy(method, path);
      // A route of the table, or a payee's own path (`/valleymed`), which the pay page answers.
      if (!CATCH_ALL.includes(route) || (route === '/*' && method === 'GET' && status === 200)) return;
      tried.push(`${method} → ${status} by ${route}`);
    }
    expect.fail(`no route answers ${span}: ${tried.join('; ')}`);
  });
});
