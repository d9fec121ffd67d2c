import type { ComponentProps, ReactNode, SelectHTMLAttributes } from 'react';

/**
 * A labelled form control with its hint and error, tied together for assistive technology:
 * the error is announced when it appears and described by the control that caused it.
 */
interface Shell {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The error is not an alert of its own: the form's error summary announces it. */
  quiet?: boolean;
}

const describedBy = ({ id, error, hint }: Shell) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

function FieldShell({ id, label, error, hint, quiet, children }: Shell & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="fine-print">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="field-error" role={error && !quiet ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  );
}

export function TextField({ id, label, error, hint, quiet, ...input }: Shell & ComponentProps<'input'>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} quiet={quiet}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy({ id, label, error, hint })} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  choose,
  quiet,
  ...select
}: Shell & { options: readonly string[]; /** The empty choice's words. */ choose: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} quiet={quiet}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy({ id, label, error, hint })} {...select}>
        <option value="">{choose}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
