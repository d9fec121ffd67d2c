import { useEffect, useRef } from 'react';
import { HUMAN_TOKEN_FIELD } from '../../src/domain/human-check';

/** What Turnstile's script offers islands: a new check for a widget whose token was spent. */
interface Turnstile {
  reset(container: HTMLElement): void;
}
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

/**
 * Where Turnstile's implicit widget draws the check (the page loads its script, `HumanCheckScript`).
 * React leaves the element's inside to Turnstile. `resetKey` changes after each attempt: a token
 * passes once, so the next attempt gets a new check.
 */
export function HumanCheck({ siteKey, resetKey }: { siteKey: string; resetKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (resetKey && ref.current) window.turnstile?.reset(ref.current);
  }, [resetKey]);
  return <div ref={ref} className="cf-turnstile human-check" data-sitekey={siteKey} dangerouslySetInnerHTML={{ __html: '' }} />;
}

/** The token the check put into `form`, or '' when the visitor has not passed it yet. */
export function humanTokenIn(form: HTMLFormElement | null): string {
  const field = form?.elements.namedItem(HUMAN_TOKEN_FIELD);
  return field instanceof HTMLInputElement ? field.value : '';
}
