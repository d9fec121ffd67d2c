import { forwardRef } from 'react';

/**
 * The errors of a step at its top, as one alert (the GOV.UK error summary): a screen reader hears
 * them once instead of one alert per field, and each message links to its field.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { title: string; items: Array<{ id: string; label: string; message: string }> }>(
  function ErrorSummary({ title, items }, ref) {
    return (
      <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
        <h2 id="error-summary-title" className="error-summary__title">
          {title}
        </h2>
        <ul>
          {items.map(({ id, label, message }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  // The field itself takes the focus, not only the scroll.
                  const field = document.getElementById(id);
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                }}
              >
                {`${label}: ${message}`}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);
