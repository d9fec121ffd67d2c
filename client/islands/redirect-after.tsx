import { useEffect } from 'react';

export interface RedirectAfterProps {
  href: string;
  delayMs: number;
  label: string;
}

/** A call-to-action link that the browser also follows by itself after a short delay. */
export default function RedirectAfter({ href, delayMs, label }: RedirectAfterProps) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(href), delayMs);
    return () => clearTimeout(timer);
  }, [href, delayMs]);
  return (
    <a className="button" href={href}>
      {label}
    </a>
  );
}
