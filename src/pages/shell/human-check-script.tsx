import type { ReactNode } from 'react';
import { TURNSTILE_SCRIPT_URL } from '../../domain/human-check';
import { usePageContext } from '../../web/page-context';
import { Rich } from '../../../client/components/rich';

/**
 * Turnstile's script, on pages whose forms carry the human check. It draws the check in every
 * form and fills in its token whether or not our islands have loaded. With script off entirely,
 * `HumanCheckNotice` says so before the visitor types anything.
 */
export function HumanCheckScript({ siteKey }: { siteKey?: string }) {
  const { nonce } = usePageContext();
  return siteKey ? <script src={TURNSTILE_SCRIPT_URL} async defer nonce={nonce} /> : null;
}

/** Shown only when the browser runs no script: this step cannot be checked, so it cannot be done here. */
export function HumanCheckNotice({ siteKey, alternative }: { siteKey?: string; alternative: ReactNode }) {
  const { text } = usePageContext();
  if (!siteKey) return null;
  return (
    <noscript>
      <p className="notice" role="note">
        <Rich text={text.shell.needsScript} parts={{ alternative }} />
      </p>
    </noscript>
  );
}
