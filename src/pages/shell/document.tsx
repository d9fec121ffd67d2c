import type { ReactNode } from 'react';
import { LANGUAGE_TAG, SWITCH_TO } from '../../domain/catalogue';
import { BOT_NOTICE_PAGES, FOOTERLESS_PAGES, PREVIEW, type MetaSection } from '../../domain/site';
import { entryScriptIntegrity, entryScriptSrc, scriptImportMap, stylesheetHref } from '../../web/assets';
import { workerVersion } from '../../telemetry/events';
import { ISLAND_ROUTES } from '../../domain/island-routes';

/** The pages whose Web Vitals the operators count: only their script tag names a route, so no other page sends a beacon. */
const VITALS_ROUTES: ReadonlySet<string> = new Set(ISLAND_ROUTES);
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
  /** Reached by a personal link (a token, an email): kept out of search engines. */
  personal?: boolean;
  /** A stylesheet of the build only this page needs, after the site's (the local charts' uPlot). */
  stylesheet?: string;
  children: ReactNode;
}

/**
 * The islands' one script, at the end of the page and without preloads: the page paints first and
 * works without it (every form posts by itself); the entry hydrates each island when idle or used.
 */
function IslandScripts({ page }: { page: string }) {
  const { islands, nonce, reportSample, route } = usePageContext();
  if (islands.size === 0) return null;
  // The import map first: the browser checks every chunk the boot script loads against it.
  // What the islands' reports say of the page: its name and route pattern (never its address), the sample and the version.
  return (
    <>
      <script type="importmap" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptImportMap(islands) }} />
      <script
        type="module"
        src={entryScriptSrc}
        integrity={entryScriptIntegrity}
        nonce={nonce}
        data-page={page}
        data-route={VITALS_ROUTES.has(route) ? route : undefined}
        data-report-sample={reportSample}
        data-version={workerVersion()}
      />
    </>
  );
}

function Curves() {
  return (
    <svg className="curves" viewBox="0 0 1440 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M0 80 C 360 0 1080 160 1440 40 L1440 0 L0 0 Z" fill="#ffedd5" />
    </svg>
  );
}

/**
 * The card a messaging app draws for a link (iMessage, Google Messages, WhatsApp, Slack and the
 * like read Open Graph; X reads its own card tags), from the page's title and its section's
 * description only: nothing personal, whatever the link carried.
 */
function PreviewTags({ title, description }: { title: string; description: string }) {
  const { previewUrl, siteOrigin, text, language } = usePageContext();
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={PREVIEW.siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={previewUrl} />
      <meta property="og:image" content={`${siteOrigin}${PREVIEW.image}`} />
      <meta property="og:image:width" content={String(PREVIEW.imageWidth)} />
      <meta property="og:image:height" content={String(PREVIEW.imageHeight)} />
      <meta property="og:image:alt" content={text.shell.previewImageAlt} />
      <meta property="og:locale" content={LANGUAGE_TAG[language].replace('-', '_')} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/** The same page in the other language, named in that language (a link, so it works without script). */
function LanguageSwitch() {
  const { switchHref, language, text } = usePageContext();
  if (!switchHref) return null;
  const other = SWITCH_TO[language];
  return (
    <nav className="language-switch" aria-label={text.shell.languageSwitch}>
      <a href={switchHref} hrefLang={LANGUAGE_TAG[other.language]} lang={LANGUAGE_TAG[other.language]}>
        {other.name}
      </a>
    </nav>
  );
}

export function Document({ page, meta = 'default', title, chromeless = false, personal = false, stylesheet, children }: ShellProps) {
  const { path, headerless, year, language, text } = usePageContext();
  const description = text.metaDescription[meta];
  const pageTitle = title ?? text.metaTitle[meta];
  const bare = chromeless || headerless;
  return (
    <html lang={LANGUAGE_TAG[language]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle}</title>
        <meta name="description" content={description} />
        {personal && <meta name="robots" content="noindex, nofollow" />}
        <PreviewTags title={pageTitle} description={description} />
        <meta name="theme-color" content="#c2410c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href={PREVIEW.touchIcon} />
        <link rel="stylesheet" href={stylesheetHref} />
        {stylesheet && <link rel="stylesheet" href={stylesheet} />}
      </head>
      <body className={bare ? 'is-headerless' : undefined}>
        {!bare && (
          <a className="skip-link" href="#main">
            {text.shell.skipLink}
          </a>
        )}
        {!bare && <Curves />}
        {!bare && <Nav path={path} />}
        <main id="main" className="page">
          {children}
          {BOT_NOTICE_PAGES.has(page) && <BotNotice />}
          {!chromeless && <LanguageSwitch />}
        </main>
        {!bare && !FOOTERLESS_PAGES.has(page) && <Footer path={path} year={year} />}
        <IslandScripts page={page} />
      </body>
    </html>
  );
}
