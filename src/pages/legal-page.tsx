import type { ComponentType } from 'react';
import { Document } from './shell/document';

/** A legal document in the page shell; `?headerless` (read by the shell) hides the chrome. */
export function LegalPage({ page, title, body: Body }: { page: string; title: string; body: ComponentType }) {
  return (
    <Document page={page} title={title}>
      <Body />
    </Document>
  );
}
