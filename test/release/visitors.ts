import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_PAYMENT, visaNumber } from '../shared/test-payer';

/** The stand-in edge as a visitor reaches it (edge.mjs). */
interface EdgeLike {
  fetch(request: Request): Promise<{ version: string | undefined; response: Response }>;
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const COMPUTER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** What one request of a visitor got: its address, status and the version that answered. */
export interface Seen {
  path: string;
  status: number;
  version: string | undefined;
}

/**
 * A visitor as a browser is one, a phone for an odd `n` and a computer for an even one: a cookie
 * jar, its own address, no header pinned. The edge's zone rules and the Worker's cookies alone
 * decide which version answers it.
 */
export class Visitor {
  readonly jar = new Map<string, string>();
  readonly seen: Seen[] = [];
  constructor(
    private readonly edge: EdgeLike,
    private readonly site: string,
    readonly n: number,
  ) {}

  #headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return {
      'User-Agent': this.phone ? IPHONE : COMPUTER,
      'CF-Connecting-IP': `198.51.${Math.floor(this.n / 200)}.${this.n % 200}`,
      ...(cookie && { Cookie: cookie }),
      ...extra,
    };
  }

  /** Keeps what the answer's cookies say, as a browser does (a Max-Age of 0 deletes). */
  get phone(): boolean {
    return this.n % 2 === 1;
  }

  #keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (attributes.some((a) => /^max-age=(0|-)/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, pair.slice(at + 1));
    }
  }

  async fetch(pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<{ status: number; text: string }> {
    const { version, response } = await this.edge.fetch(
      new Request(`${this.site}${pathname}`, { ...init, headers: this.#headers(init.headers) }),
    );
    this.#keep(response);
    const text = await response.text();
    this.seen.push({ path: pathname, status: response.status, version });
    return { status: response.status, text };
  }

  /** A page and every script and stylesheet it names (its script, stylesheet and import map's files), as its browser loads them. */
  async page(pathname: string): Promise<string> {
    const { text } = await this.fetch(pathname);
    for (const file of filesOf(text)) await this.fetch(file);
    return text;
  }

  /** The card form, a pay page (a phone is sent on from the text-me-a-link page, so it gets the App Clip's), then a card payment with the form's key: the status of the payment. */
  async payOnce(): Promise<number> {
    const form = await this.page('/web-payment?p=1001');
    await this.page(this.phone ? '/pay-appclip?p=1001' : '/pay?p=1001');
    const formKey = /name="formKey" value="([^"]+)"/.exec(form)?.[1] ?? '';
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...TEST_PAYMENT, ccn: visaNumber(5000 + this.n), formKey, humanToken: `token-${this.n}` }))
      body.append(name, value);
    const paid = await this.fetch('/payment/payment_back.php?p=1001', {
      method: 'POST',
      body,
      headers: { Origin: this.site, 'Sec-Fetch-Site': 'same-origin' },
    });
    return paid.status;
  }
}

/** The site's own files a page names: its script, stylesheet and the files of its import map. */
export function filesOf(html: string): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="(\/assets\/[^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+)"|<link\b[^>]*href="(\/assets\/[^"]+\.css)"/g))
    files.add((m[1] ?? m[2])!);
  const map = /<script type="importmap"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (map) for (const file of Object.keys((JSON.parse(map) as { integrity?: Record<string, string> }).integrity ?? {})) files.add(file);
  return [...files];
}

/**
 * Makes the client build in `dist/client` a second build: its boot script and stylesheet differ
 * by one statement, so their hashed names differ, as two releases' builds do. Gives back the undoing.
 */
export function secondBuild(root: string): () => void {
  const client = path.join(root, 'dist/client');
  const kept = mkdtempSync(path.join(tmpdir(), 'client-first-build-'));
  cpSync(client, kept, { recursive: true });
  const manifestFile = path.join(client, '.vite/worker-assets.json');
  let manifest = readFileSync(manifestFile, 'utf8');
  const { boot, stylesheet } = JSON.parse(manifest) as { boot: string; stylesheet: string };
  for (const [file, statement] of [
    [boot, '\nvoid 0;\n'],
    [stylesheet, '\n:root{}\n'],
  ] as const) {
    const bytes = Buffer.concat([readFileSync(path.join(client, file)), Buffer.from(statement)]);
    const renamed = file.replace(/-[\w-]{8}\.(js|css)$/, `-${createHash('sha256').update(bytes).digest('base64url').slice(0, 8)}.$1`);
    writeFileSync(path.join(client, renamed), bytes);
    rmSync(path.join(client, file));
    manifest = manifest.replaceAll(file, renamed);
    const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
    manifest = manifest.replace(new RegExp(`("${renamed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}":")sha384-[^"]+`), `$1${integrity}`);
  }
  writeFileSync(manifestFile, manifest);
  return () => {
    rmSync(client, { recursive: true, force: true });
    cpSync(kept, client, { recursive: true });
    rmSync(kept, { recursive: true, force: true });
  };
}
