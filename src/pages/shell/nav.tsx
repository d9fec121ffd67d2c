import { NAV_LINKS, visibleLinks } from '../../domain/site';
import { usePageContext } from '../../web/page-context';
import { Logo } from './logo';

function LinkList({ path, className }: { path: string; className: string }) {
  const { text } = usePageContext();
  return (
    <ul className={className}>
      {visibleLinks(NAV_LINKS, path).map((link) => (
        <li key={link.href}>
          <a href={link.href}>{text.nav[link.label]}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Site navigation. Under 1150 px the links fold into a disclosure (`<details>`), which opens
 * and closes from the keyboard with Enter or Space and needs no script.
 */
export function Nav({ path }: { path: string }) {
  const { text } = usePageContext();
  return (
    <header className="site-header">
      <nav className="site-nav" aria-label={text.shell.mainNav}>
        <a className="brand" href="/">
          <Logo />
          <span className="visually-hidden">{text.shell.home}</span>
        </a>
        <LinkList path={path} className="nav-links nav-links--wide" />
        <details className="nav-menu">
          <summary className="nav-menu__button">
            <span className="burger" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span>{text.shell.menu}</span>
          </summary>
          <LinkList path={path} className="nav-links nav-links--menu" />
        </details>
      </nav>
    </header>
  );
}
