import type { ComponentType } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_TAG } from '../domain/catalogue';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

export type LegalDoc = 'terms' | 'privacy' | 'billpay';

/**
 * A legal document in the page shell; `?headerless` (read by the shell) hides the chrome. Its text
 * is English: in another language the page opens with a summary saying so, and the document itself
 * is marked English, so that a screen reader reads it as English.
 */
export function LegalPage({ page, doc, body: Body }: { page: string; doc: LegalDoc; body: ComponentType }) {
  const { text, language } = usePageContext();
  const words = text.legal;
  return (
    <Document page={page} title={words[`${doc}Title`]}>
      {language === DEFAULT_LANGUAGE ? (
        <Body />
      ) : (
        <>
          <aside className="card legal-summary" aria-labelledby="legal-summary-h">
            <h2 id="legal-summary-h">{words.summaryHeading}</h2>
            <p>{words[`${doc}Summary`]}</p>
            <p>
              <strong>{words.governs}</strong>
            </p>
          </aside>
          <div lang={LANGUAGE_TAG[DEFAULT_LANGUAGE]}>
            <Body />
          </div>
        </>
      )}
    </Document>
  );
}
