/** The Papaya word mark, drawn inline so the header needs no extra request. */
export function Logo() {
  return (
    <svg className="logo" width="132" height="32" viewBox="0 0 132 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" fill="#c2410c" />
      <ellipse cx="16" cy="17" rx="6" ry="8" fill="#fed7aa" />
      <circle cx="16" cy="18" r="2.5" fill="#1f2937" />
      <text x="36" y="23" fontFamily="system-ui, sans-serif" fontSize="20" fontWeight="700" fill="#1f2937">
        Papaya
      </text>
    </svg>
  );
}
