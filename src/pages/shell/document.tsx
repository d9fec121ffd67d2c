import type { ReactNode } from 'react';
import { BOT_NOTICE_PAGES, FOOTERLESS_PAGES, PAGE_META, type MetaSection } from '../../domain/site';
import { entryScriptSrc, stylesheetHref } from '../../web/assets';
import { usePageContext } from '../../web/page-context';
import { BotNotice } from './bot-notice';
import { Footer } from './footer';
import { Nav } from './nav';

export interface ShellProps {
  /** Route name of spec 001 §2 (decides the footer and the bot-check notice). */
  page: string;
  meta?: MetaSection;
  /** A page-specific title; the section's title otherwise. */
  title?: string;
  /** Pages shown inside another site's frame never show navigation or footer. */
  chromeless?: boolean;
  children: ReactNode;
}

/**
 * The islands' one script, at the end of the page and without preloads: the page paints first and
 * works without it (every form posts by itself); the entry hydrates each island when idle or used.
 */
function IslandScripts() {
  const { islands, nonce } = usePageContext();
  if (islands.size === 0) return null;
  return <script type="module" src={entryScriptSrc} nonce={nonce} />;
}

function Curves() {
  return (
    <svg className="curves" viewBox="0 0 1440 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M0 80 C 360 0 1080 160 1440 40 L1440 0 L0 0 Z" fill="#ffedd5" />
    </svg>
  );
}

export function Document({ page, meta = 'default', title, chromeless = false, children }: ShellProps) {
  const { path, headerless, year } = usePageContext();
  const { title: sectionTitle, description } = PAGE_META[meta];
  const bare = chromeless || headerless;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title ?? sectionTitle}</title>
        <meta name="description" content={description} />
        <meta name="theme-color" content="#c2410c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheetHref} />
      </head>
      <body className={bare ? 'is-headerless' : undefined}>
        {!bare && (
          <a className="skip-link" href="#main">
            Skip to main content
          </a>
        )}
        {!bare && <Curves />}
        {!bare && <Nav path={path} />}
        <main id="main" className="page">
          {children}
          {BOT_NOTICE_PAGES.has(page) && <BotNotice />}
        </main>
        {!bare && !FOOTERLESS_PAGES.has(page) && <Footer path={path} year={year} />}
        <IslandScripts />
      </body>
    </html>
  );
}
