import { NAV_LINKS, visibleLinks } from '../../domain/site';
import { Logo } from './logo';

function LinkList({ path, className }: { path: string; className: string }) {
  return (
    <ul className={className}>
      {visibleLinks(NAV_LINKS, path).map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
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
  return (
    <header className="site-header">
      <nav className="site-nav" aria-label="Main">
        <a className="brand" href="/">
          <Logo />
          <span className="visually-hidden">Papaya home</span>
        </a>
        <LinkList path={path} className="nav-links nav-links--wide" />
        <details className="nav-menu">
          <summary className="nav-menu__button">
            <span className="burger" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span>Menu</span>
          </summary>
          <LinkList path={path} className="nav-links nav-links--menu" />
        </details>
      </nav>
    </header>
  );
}
