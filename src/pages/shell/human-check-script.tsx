import type { ReactNode } from 'react';
import { TURNSTILE_SCRIPT_URL } from '../../domain/human-check';
import { usePageContext } from '../../web/page-context';

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
  if (!siteKey) return null;
  return (
    <noscript>
      <p className="notice" role="note">
        This step needs JavaScript, which is turned off in this browser: we check that a person, not a program, is asking. Turn JavaScript
        on, or {alternative}
      </p>
    </noscript>
  );
}
