import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type IMaskType from 'imask';
import type { FactoryArg, InputMask, Masked } from 'imask';
import { withoutCountryCode } from '../../src/domain/phone';

/** imask with the mask kinds a page uses registered, and no others. */
export type MaskLoader = () => Promise<typeof IMaskType>;

/**
 * imask's core with its pattern masks only: the library's per-kind modules register each kind on
 * the core as they load, so the text-me-a-link pages carry neither numbers nor dates.
 */
export const loadPatternMasks: MaskLoader = () =>
  Promise.all([import('imask/holder'), import('imask/masked/pattern')]).then(([core]) => core.default as typeof IMaskType);

/**
 * A US phone number, the separators inserted as the visitor types: the one mask the
 * text-me-a-link form has. What arrives at the start of the field (typed, pasted, autofilled)
 * loses its country code first, so `+1 (559) 555-0199` stays (559) 555-0199. The payment form's
 * masks are in `payment-masks.ts`.
 */
export const PHONE_MASK = {
  mask: '(000) 000-0000',
  prepare: (chunk: string, masked: Masked) => (masked.unmaskedValue ? chunk : withoutCountryCode(chunk)),
} satisfies FactoryArg;

/**
 * Masks a controlled input with imask. The library is loaded when the browser is idle or at the
 * field's first focus, whichever comes first, never ahead of the page's first paint; until then
 * the field takes what is typed, and the mask formats it when it arrives. Each accepted change
 * goes to `onValue`; a `value` set from outside (a cleared security code) goes to the mask. The
 * Worker, which runs no effect, gets a hook that does nothing.
 */
export const useMask: typeof useMaskInBrowser = BROWSER_BUILD ? useMaskInBrowser : () => {};

function useMaskInBrowser(
  ref: RefObject<HTMLInputElement | null>,
  options: FactoryArg,
  value: string,
  onValue: (value: string) => void,
  load: MaskLoader = loadPatternMasks,
): void {
  const mask = useRef<InputMask<FactoryArg> | null>(null);
  const report = useRef(onValue);
  /** Set while a value from outside is handed to the mask: the mask's echo of it is not news to report. */
  const syncing = useRef(false);
  useEffect(() => {
    report.current = onValue;
  }, [onValue]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let gone = false;
    const attach = () => {
      void load().then((IMask) => {
        if (gone || mask.current) return;
        const m = maskTyped(IMask, el, options);
        m.on('accept', () => {
          if (!syncing.current) report.current(m.value);
        });
        mask.current = m;
        // Marks the field as masked (for tests and styles).
        el.dataset.masked = 'true';
        report.current(m.value);
      });
    };
    el.addEventListener('focus', attach, { once: true });
    const idle = window.requestIdleCallback ? window.requestIdleCallback(attach) : window.setTimeout(attach, 1000);
    return () => {
      gone = true;
      el.removeEventListener('focus', attach);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      mask.current?.destroy();
      mask.current = null;
    };
    // The mask is made once per field; its value is kept in step by the effect below.
  }, [ref, options, load]);

  // In the commit itself, never later: a passive effect could run after the mask has taken
  // further keystrokes and would write an older value back over them.
  useLayoutEffect(() => {
    if (!mask.current || mask.current.value === value) return;
    syncing.current = true;
    try {
      mask.current.value = value;
    } finally {
      syncing.current = false;
    }
  }, [value]);
}

/** Puts the mask on a field and hands it what was typed before the mask came. */
function maskTyped(IMask: typeof IMaskType, el: HTMLInputElement, options: FactoryArg): InputMask<FactoryArg> {
  // imask commits the field's value when it attaches or is given one, as if the visitor had
  // moved on (the amount gets its cents). In a field being typed in that would come after
  // the first digits: there what was typed is appended as typing is, the caret after it.
  const typed = el.value;
  el.value = '';
  const m = IMask(el, options);
  if (el.ownerDocument.activeElement === el) {
    m.masked.append(typed, { input: true });
    m.updateControl('auto');
  } else m.value = typed;
  return m;
}
