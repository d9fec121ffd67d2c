import { FOOTER_LINKS, SUPPORT_EMAIL, visibleLinks } from '../../domain/site';

export function Footer({ path, year }: { path: string; year: number }) {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="footer-links">
          {visibleLinks(FOOTER_LINKS, path).map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        Questions? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <p>© {year} Papaya. All rights reserved.</p>
    </footer>
  );
}
