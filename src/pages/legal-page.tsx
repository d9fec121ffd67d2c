import { DEFAULT_LANGUAGE, LANGUAGE_TAG } from '../domain/catalogue';
import { usePageContext } from '../web/page-context';
import { fill } from '../domain/catalogue/fill';
import { DEVICE_COOKIE_FACTS, VERSION_COOKIE_FACTS, type LegalDoc } from './legal/documents';
import { Document } from './shell/document';

/**
 * A legal document's text, drawn to HTML by the build from this project's own source (never from
 * input). Pages are kept by their props, and a document is known by its name: its key is the name.
 */
export class LegalText {
  constructor(
    readonly doc: LegalDoc,
    readonly html: string,
  ) {}
  toJSON(): string {
    return `legal:${this.doc}`;
  }
}

/**
 * A legal document in the page shell; `?headerless` (read by the shell) hides the chrome. Its text
 * is English: in another language the page opens with a summary saying so, and the document itself
 * is marked English, so that a screen reader reads it as English.
 */
export function LegalPage({ page, text: legal }: { page: string; text: LegalText }) {
  const { text, language } = usePageContext();
  const words = text.legal;
  const body = { __html: legal.html };
  return (
    <Document page={page} title={words[`${legal.doc}Title`]}>
      {language === DEFAULT_LANGUAGE ? (
        <div dangerouslySetInnerHTML={body} />
      ) : (
        <>
          <aside className="card legal-summary" aria-labelledby="legal-summary-h">
            <h2 id="legal-summary-h">{words.summaryHeading}</h2>
            <p>{words[`${legal.doc}Summary`]}</p>
            {legal.doc === 'privacy' && (
              <>
                <p>{fill(words.privacyCookie, DEVICE_COOKIE_FACTS)}</p>
                <p>{fill(words.privacyVersionCookie, VERSION_COOKIE_FACTS)}</p>
              </>
            )}
            <p>
              <strong>{words.governs}</strong>
            </p>
          </aside>
          <div lang={LANGUAGE_TAG[DEFAULT_LANGUAGE]} dangerouslySetInnerHTML={body} />
        </>
      )}
    </Document>
  );
}
