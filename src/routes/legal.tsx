import type { Context } from 'hono';
import { Hono } from '../lib/hono';
import { legalDocumentPath, type LegalDoc } from '../pages/legal/documents';
import { LegalPage, LegalText } from '../pages/legal-page';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';

export const legalRoutes = new Hono<AppEnv>();

/** Each document's text, read from the static assets once per isolate. */
const texts = new Map<LegalDoc, LegalText>();

async function readLegalText(assets: Fetcher, doc: LegalDoc): Promise<LegalText> {
  const res = await assets.fetch(new URL(legalDocumentPath(doc), 'https://assets.invalid'));
  if (!res.ok) throw new Error(`the ${doc} document is not among the assets (${res.status})`);
  const text = new LegalText(doc, await res.text());
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
  const draw = (c: Context<AppEnv>, text: LegalText) => renderPage(c, <LegalPage page={page} text={text} />, { reuse: true });
  // Read once per isolate; once it is, the page does not wait for it.
  legalRoutes.get(path, (c) => {
    const text = texts.get(doc);
    return text ? draw(c, text) : readLegalText(c.env.ASSETS, doc).then((read) => draw(c, read));
  });
}
