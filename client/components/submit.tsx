import { useEffect, useRef } from 'react';
import { HUMAN_TOKEN_FIELD } from '../../src/domain/human-check';

// What a form island sends: the POST to the site's API, and the human check that goes with a
// submission. One module, so that every island that posts loads one small chunk for both.

/** What Turnstile's script offers islands: a new check for a widget whose token was spent. */
interface Turnstile {
  reset(container: HTMLElement): void;
  /** Draws a widget in a container added after the page loaded (the script only finds the ones already there). */
  render(container: HTMLElement, params: { sitekey: string; 'response-field-name'?: string }): string | undefined;
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

/**
 * What an answer of the site's API says: its JSON, or nothing when it holds none readable (a
 * proxy's error page, a connection cut short), so an island falls back to its own words.
 */
export async function answerOf<T extends object>(res: Response): Promise<Partial<T>> {
  return ((await res.json().catch(() => null)) ?? {}) as Partial<T>;
}

/**
 * A POST from an island to the site's API: an object goes as JSON, a form's data as it is. It
 * names the page's language (`<html lang>`, which every page has), so the server answers in the
 * language the page was drawn in, even in a partner's frame, where this site's language cookie is
 * not sent.
 */
export function post(url: string, body?: object | FormData): Promise<Response> {
  const json = body && !(body instanceof FormData);
  return fetch(url, {
    method: 'POST',
    headers: { 'Accept-Language': document.documentElement.lang, ...(json && { 'Content-Type': 'application/json' }) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
}
