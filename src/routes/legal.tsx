import { Hono } from '../lib/hono';
import { legalDocumentPath, type LegalDoc } from '../pages/legal/documents';
import { LegalPage, LegalText } from '../pages/legal-page';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';

export const legalRoutes = new Hono<AppEnv>();

/** Each document's text, read from the static assets once per isolate. */
const texts = new Map<LegalDoc, LegalText>();

async function legalText(assets: Fetcher, doc: LegalDoc): Promise<LegalText> {
  let text = texts.get(doc);
  if (text) return text;
  const res = await assets.fetch(new URL(legalDocumentPath(doc), 'https://assets.invalid'));
  if (!res.ok) throw new Error(`the ${doc} document is not among the assets (${res.status})`);
  text = new LegalText(doc, await res.text());
  texts.set(doc, text);
  return text;
}

for (const [path, page, doc] of [
  ['/embedded/termsofservice', 'Terms', 'terms'],
  ['/termsofservice', 'Terms', 'terms'],
  ['/embedded/privacy', 'Privacy', 'privacy'],
  ['/privacy', 'Privacy', 'privacy'],
  ['/embedded/billpay-termsofservice', 'BillpayTerms', 'billpay'],
] as const) {
  legalRoutes.get(path, async (c) =>
    renderPage(c, <LegalPage page={page} text={await legalText(c.env.ASSETS, doc)} />, { reuse: true, translated: true }),
  );
}
