import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps what the visitor typed into the server-drawn form before its island took over. React
 * leaves it in the fields while it hydrates, but the island's state still holds what the server
 * drew, so its next render would clear it (on a slow phone, the first fields of a form). Once the
 * island runs, each such field is told to the island as the visitor's own typing would have been:
 * the field is set back to its drawn value through React, given the typed value again with the
 * browser's own setter, and an `input` event follows, as when `user-event` types. Once, on mount.
 * Returns the ref the island gives its form.
 */
export function useTypedEarly(): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useKeptTyping(form);
  return form;
}

const useKeptTyping: (form: RefObject<HTMLFormElement | null>) => void = BROWSER_BUILD ? useTypedEarlyInBrowser : useNothing;

/** The Worker draws the form and never runs an effect: it carries none of this. */
function useNothing(): void {}

function useTypedEarlyInBrowser(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    /** Fields a visitor types into; lists (`select`) are told by a `change`, boxes and radios by a `click`. */
    const TYPED = new Set(['text', 'email', 'tel', 'password', 'search', 'number', 'url']);
    if (!form.current) return;
    for (const field of form.current.querySelectorAll('input, textarea, select')) {
      if (field instanceof HTMLSelectElement) {
        const drawn = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
        if (drawn && field.value !== drawn.value) field.dispatchEvent(new Event('change', { bubbles: true }));
        continue;
      }
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        // A choice is told by a `click`, as React hears one; a radio only by the one now chosen.
        if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
        const chosen = field.checked;
        field.checked = field.defaultChecked;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, chosen);
        field.dispatchEvent(new Event('click', { bubbles: true }));
        continue;
      }
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      if ((field instanceof HTMLInputElement && !TYPED.has(field.type)) || field.value === field.defaultValue) continue;
      const typed = field.value;
      field.value = field.defaultValue;
      const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // Once (a ref does not change): what is typed after this reaches the island through its own handlers.
  }, [form]);
}
