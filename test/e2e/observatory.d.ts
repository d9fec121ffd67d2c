// The parts of @mdn/mdn-http-observatory (plain JavaScript, no types) that observatory.spec.ts uses.
declare module '@mdn/mdn-http-observatory/src/types.js' {
  export class Requests {
    constructor(hostname: string);
    hostname: string;
    resources: { path: string | null };
    responses: { auto: unknown; https: unknown; http: unknown; cors: unknown; httpRedirects: unknown[]; httpsRedirects: unknown[] };
    session: unknown;
  }
}
declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getScoreModifier(expectation: string | null): number;
  export function getGradeForScore(score: number): { grade: string; score: number };
}
declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}
declare module '@mdn/mdn-http-observatory/src/retriever/utils.js' {
  export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>;
}
type ObservatoryOutput = { pass: boolean | null; result: string | null };
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/csp.js' {
  export function contentSecurityPolicyTest(requests: unknown): ObservatoryOutput;
}
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/cors.js' {
  export function crossOriginResourceSharingTest(requests: unknown): ObservatoryOutput;
}
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/cross-origin-resource-policy.js' {
  export function crossOriginResourcePolicyTest(requests: unknown): ObservatoryOutput;
}
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/referrer-policy.js' {
  export function referrerPolicyTest(requests: unknown): ObservatoryOutput;
}
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/subresource-integrity.js' {
  export function subresourceIntegrityTest(requests: unknown): ObservatoryOutput;
}
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/x-content-type-options.js' {
  export function xContentTypeOptionsTest(requests: unknown): ObservatoryOutput;
}
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/x-frame-options.js' {
  export function xFrameOptionsTest(requests: unknown): ObservatoryOutput;
}
