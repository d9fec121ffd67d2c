import { useEffect, type RefObject } from 'react';

/**
 * Enter in a text field of the form's first fieldset goes to the next field, as a phone's "next"
 * key does; in the last one it submits, as usual. Only while `active`.
 */
export function useEnterMovesOn(formRef: RefObject<HTMLFormElement | null>, active: boolean) {
  useEffect(() => {
    const form = formRef.current;
    if (!form || !active) return;
    const moveOn = (event: KeyboardEvent) => {
      const field = event.target as HTMLElement;
      if (event.key !== 'Enter' || field.tagName !== 'INPUT') return;
      const inputs = [...form.querySelectorAll<HTMLInputElement>('fieldset:first-of-type input:not([type=hidden])')];
      const following = inputs[inputs.indexOf(field as HTMLInputElement) + 1];
      if (!following) return;
      event.preventDefault();
      following.focus();
    };
    form.addEventListener('keydown', moveOn);
    return () => form.removeEventListener('keydown', moveOn);
  }, [formRef, active]);
}
