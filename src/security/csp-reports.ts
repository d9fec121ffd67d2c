/**
 * Content-Security-Policy violation reports, as browsers send them: the Reporting API's
 * `application/reports+json` (a list of reports, `type: "csp-violation"`) and the older
 * `application/csp-report` (`{"csp-report": {…}}`, from `report-uri`). Each is read into one
 * shape, kept only when it is about a page of this site, and stripped of what could carry a
 * person's data or a secret: query strings and fragments, nonces, script samples.
 */
import { scrub } from '../domain/scrub';

export const CSP_REPORT_PATH = '/api/csp-report';
/** The name the CSP's `report-to` and the `Reporting-Endpoints` header give the endpoint. */
export const CSP_REPORT_GROUP = 'csp';
export const CSP_REPORT_TYPES = ['application/reports+json', 'application/csp-report'] as const;
export const MAX_CSP_REPORT_BYTES = 64 * 1024;

export interface CspViolation {
  /** The page's path (no query). */
  page: string;
  directive: string;
  /** What was blocked: an address without its query, or a keyword (`inline`, `eval`). */
  blocked: string;
  /** Where the blocked code came from, without its query, and its line. */
  source: string;
  line: number;
  disposition: string;
}

/** Schemes of browser extensions: their violations are the extension's, not the site's. */
const EXTENSION = /^(chrome|moz|safari|safari-web|ms-browser|edge)-extension:/;

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, 2000) : '').slice(0, max);

/**
 * An address as a report may carry it: a keyword kept; this site's address without query and
 * fragment, its path scrubbed; another site's by its origin alone (a skimmer may put a card number
 * in the path); a `data:` or `blob:` address by its scheme alone.
 */
function address(value: string, siteOrigin: string): string {
  if (!value.includes(':') && !value.startsWith('/')) return value.slice(0, 40);
  try {
    const url = new URL(value, siteOrigin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return url.protocol;
    if (url.origin !== siteOrigin) return url.origin.slice(0, 200);
    return `${url.origin}${scrub(url.pathname, 200)}`.slice(0, 200);
  } catch {
    return scrub(value.replace(/[?#].*$/, '').split(/[/]/)[0] ?? '', 40);
  }
}

/**
 * The violations of a report body about this site's pages (`siteOrigin`), each once; `null` when
 * the body is not a report at all.
 */
export function readCspReports(contentType: string, body: unknown, siteOrigin: string): CspViolation[] | null {
  type Raw = Record<string, unknown>;
  let raws: Raw[];
  if (contentType === 'application/csp-report') {
    const report = (body as { 'csp-report'?: Raw } | null)?.['csp-report'];
    if (!report || typeof report !== 'object') return null;
    raws = [
      {
        documentURL: report['document-uri'],
        effectiveDirective: report['effective-directive'] ?? report['violated-directive'],
        blockedURL: report['blocked-uri'],
        sourceFile: report['source-file'],
        lineNumber: report['line-number'],
        disposition: report.disposition,
      },
    ];
  } else {
    if (!Array.isArray(body)) return null;
    raws = body
      .filter((r): r is Raw => !!r && typeof r === 'object' && (r as Raw).type === 'csp-violation')
      .map((r) => ({ ...((r.body as Raw | undefined) ?? {}), documentURL: (r.body as Raw | undefined)?.documentURL ?? r.url }));
  }
  const violations: CspViolation[] = [];
  const seen = new Set<string>();
  for (const raw of raws) {
    const documentUrl = text(raw.documentURL, 2000);
    let page: URL;
    try {
      page = new URL(documentUrl);
    } catch {
      continue;
    }
    // Only this site's documents: not another site's, not an extension's page.
    if (page.origin !== siteOrigin) continue;
    const blocked = address(text(raw.blockedURL, 2000), siteOrigin);
    const source = address(text(raw.sourceFile, 2000), siteOrigin);
    if (EXTENSION.test(blocked) || EXTENSION.test(source)) continue;
    const violation: CspViolation = {
      page: scrub(page.pathname, 200),
      // A directive names itself; anything with a nonce or a hash in it is cut to its name.
      directive: text(raw.effectiveDirective, 60).split(/\s/)[0] ?? '',
      blocked,
      source,
      line: typeof raw.lineNumber === 'number' && raw.lineNumber >= 0 ? Math.floor(raw.lineNumber) : 0,
      disposition: raw.disposition === 'report' ? 'report' : 'enforce',
    };
    const key = JSON.stringify(violation);
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  return violations;
}
