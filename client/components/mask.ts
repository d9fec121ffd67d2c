import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { FactoryArg, InputMask } from 'imask';

/** The masked fields of the forms. */
export type MaskKind = 'phone' | 'card' | 'expiry' | 'cvv' | 'date' | 'amount' | 'zip';

/** imask's options for each kind: digits only, the separators inserted as the visitor types. */
function optionsFor(kind: MaskKind): FactoryArg {
  switch (kind) {
    case 'phone':
      return { mask: '(000) 000-0000' };
    case 'card':
      // American Express numbers are 15 digits in groups of 4-6-5; every other network 16 in fours.
      return {
        mask: [
          { mask: '0000 000000 00000', startsWith: /^3[47]/ },
          { mask: '0000 0000 0000 0000', startsWith: /^/ },
        ],
        dispatch: (appended: string, dynamic: { value: string; compiledMasks: Array<{ startsWith?: RegExp }> }) => {
          const digits = (dynamic.value + appended).replace(/\D/g, '');
          return dynamic.compiledMasks.find((m) => m.startsWith?.test(digits));
        },
      } as unknown as FactoryArg;
    case 'expiry':
      return { mask: '00/00' };
    case 'cvv':
      return { mask: '0000' };
    case 'date':
      return { mask: '00/00/0000' };
    case 'amount':
      return {
        mask: '$num',
        blocks: { num: { mask: Number, scale: 2, thousandsSeparator: ',', radix: '.', mapToRadix: ['.'], min: 0, max: 99_999_999 } },
      };
    case 'zip':
      return { mask: '00000' };
  }
}

/**
 * Masks a controlled input with imask. The library is loaded when the browser is idle or at the
 * field's first focus, whichever comes first, never ahead of the page's first paint; until then
 * the field takes what is typed, and the mask formats it when it arrives. Each accepted change
 * goes to `onValue`; a `value` set from outside (a cleared security code) goes to the mask.
 */
export function useMask(ref: RefObject<HTMLInputElement | null>, kind: MaskKind, value: string, onValue: (value: string) => void): void {
  const mask = useRef<InputMask<FactoryArg> | null>(null);
  const report = useRef(onValue);
  useEffect(() => {
    report.current = onValue;
  }, [onValue]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let gone = false;
    const attach = () => {
      void import('imask').then(({ default: IMask }) => {
        if (gone || mask.current) return;
        const m = IMask(el, optionsFor(kind));
        m.on('accept', () => report.current(m.value));
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
  }, [ref, kind]);

  // In the commit itself, never later: a passive effect could run after the mask has taken
  // further keystrokes and would write an older value back over them.
  useLayoutEffect(() => {
    if (mask.current && mask.current.value !== value) mask.current.value = value;
  }, [value]);
}
