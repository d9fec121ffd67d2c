import { fill } from '../../domain/catalogue/fill';
import { FOOTER_LINKS, SUPPORT_EMAIL, visibleLinks } from '../../domain/site';
import { usePageContext } from '../../web/page-context';
import { Rich } from '../../../client/components/rich';

export function Footer({ path, year }: { path: string; year: number }) {
  const { text } = usePageContext();
  return (
    <footer className="site-footer">
      <nav aria-label={text.shell.footerNav}>
        <ul className="footer-links">
          {visibleLinks(FOOTER_LINKS, path).map((link) => (
            <li key={link.href}>
              <a href={link.href}>{text.nav[link.label]}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <Rich text={text.shell.questions} parts={{ email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> }} />
      </p>
      <p>{fill(text.shell.rights, { year })}</p>
    </footer>
  );
}
