import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { contentSecurityPolicyTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/csp.js';
import { crossOriginResourceSharingTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/cors.js';
import { crossOriginResourcePolicyTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/cross-origin-resource-policy.js';
import { referrerPolicyTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/referrer-policy.js';
import { subresourceIntegrityTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/subresource-integrity.js';
import { xContentTypeOptionsTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/x-content-type-options.js';
import { xFrameOptionsTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/x-frame-options.js';
import { parseHttpEquivHeaders } from '@mdn/mdn-http-observatory/src/retriever/utils.js';
import { Requests } from '@mdn/mdn-http-observatory/src/types.js';
import { expect, test } from './support';

/**
 * The MDN HTTP Observatory's own analyzers, on this site's answers. Three of its ten tests need
 * what only the deployed site has and are left to a scan of it: redirection (http to https is the
 * zone's job), HSTS and cookies (both read the HSTS preload list, which it downloads). The other
 * seven score each page as the Observatory would, taking the answer as sent over verified https.
 */
const OFFLINE_TESTS = [
  contentSecurityPolicyTest,
  crossOriginResourceSharingTest,
  referrerPolicyTest,
  subresourceIntegrityTest,
  xContentTypeOptionsTest,
  xFrameOptionsTest,
  crossOriginResourcePolicyTest,
];

const PAGES = [
  '/embedded/termsofservice',
  '/pay',
  '/valleymed',
  '/web-payment',
  '/web-payment?p=1001',
  '/update-password?x=RESET-VALID',
  '/getpaid',
  '/pay-widget?name=valleymed',
  '/no-such-page-here',
];

test('every page passes the Observatory analyzers that run offline', async ({ request, baseURL }) => {
  const rows: string[] = [];
  for (const path of PAGES) {
    const url = new URL(path, baseURL);
    const res = await request.get(path, { maxRedirects: 0 });
    const html = await res.text();
    // Headers as the Observatory's HTTP client keeps them: lower-case names, and a `get`.
    const headers: Record<string, string> = { ...res.headers() };
    Object.defineProperty(headers, 'get', { value: (name: string) => headers[name.toLowerCase()] ?? null, enumerable: false });
    const answer = {
      headers,
      status: res.status(),
      statusText: res.statusText(),
      verified: true,
      url,
      httpEquiv: parseHttpEquivHeaders(html, url.href),
    };
    const requests = new Requests(url.hostname);
    requests.responses.auto = answer;
    requests.responses.https = answer;
    requests.resources.path = html;
    requests.session = { url } as unknown as Requests['session'];
    const results = OFFLINE_TESTS.map((t) => t(requests));
    let score = 100;
    let uncurved = 100;
    for (const r of results) {
      const modifier = getScoreModifier(r.result);
      score += modifier;
      if (modifier < 0) uncurved += modifier;
    }
    const final = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? score : uncurved;
    const failed = results.filter((r) => !r.pass).map((r) => `${r.constructor.name}: ${r.result}`);
    rows.push(`${path}: ${final} (${getGradeForScore(final).grade}) ${failed.join(', ')}`);
    expect(failed, path).toEqual([]);
    expect(getGradeForScore(final).grade, path).toBe('A+');
  }
  console.log(`Observatory (offline analyzers):\n${rows.join('\n')}`);
});
