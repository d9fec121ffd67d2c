import { Rich } from '../../client/components/rich';
import { fill } from '../domain/catalogue/fill';
import { DEMO_CARDS } from '../demo/cards';
import { DEMO_SECTIONS } from '../demo/map';
import { DEMO_WORDS, IN_PRODUCTION } from '../demo/words';
import { FOREIGN_PAGES, type ForeignPage, type MetaSection } from '../domain/site';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

/**
 * `/` in the local demo: every page of both specs, with the demo data to try it with.
 * `redirectFlag` is the name of the flag that sends phones from the pay pages to web pay.
 */
export function DemoIndexPage({ redirectFlag }: { redirectFlag: string }) {
  const { language } = usePageContext();
  const words = DEMO_WORDS[language];
  return (
    <Document page="Home" title={words.title}>
      <section className="card demo-index">
        <h1>{words.title}</h1>
        <p>{words.intro}</p>
        <p>
          <Rich text={words.devices} parts={{ flag: <code>{redirectFlag}</code> }} />
        </p>
        {DEMO_SECTIONS.map((section) => (
          <section key={section.title.en} aria-labelledby={`demo-${slug(section.title.en)}`}>
            <h2 id={`demo-${slug(section.title.en)}`}>{section.title[language]}</h2>
            <p className="fine-print">{fill(words.from, { source: section.source[language] })}</p>
            <ul className="demo-links">
              {section.links.map((link) => (
                <li key={link.path}>
                  <a href={link.path}>{link.path}</a> {link.what[language]}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="demo-cards">
          <h2 id="demo-cards">{words.cards}</h2>
          <p className="fine-print">{words.cardsHint}</p>
          <ul className="demo-links">
            {DEMO_CARDS.map(({ card, anyCard, declined }) => (
              <li key={card}>
                {anyCard ? <Rich text={words.anyCard} parts={{ cvv: <code>{card}</code> }} /> : <code>{card}</code>}{' '}
                {declined ? fill(words.declined, { message: declined }) : words.paid}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="demo-elsewhere">
          <h2 id="demo-elsewhere">{words.elsewhere}</h2>
          <ul className="demo-links">
            {FOREIGN_PAGES.filter((p) => p.path !== '/').map((p) => (
              <li key={p.path}>
                <a href={p.path}>{p.path}</a> {IN_PRODUCTION[p.path][language]}
              </li>
            ))}
          </ul>
        </section>
      </section>
    </Document>
  );
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const META: Partial<Record<ForeignPage['path'], MetaSection>> = {
  '/about': 'about',
  '/partners': 'partners',
  '/contact': 'contact',
  '/careers': 'careers',
  '/how-it-works': 'how',
  '/brand-kit': 'brandKit',
};

/** A path the legacy site serves in production, as the local demo answers it. */
export function ForeignStandInPage({ page }: { page: ForeignPage }) {
  const { language } = usePageContext();
  const words = DEMO_WORDS[language];
  return (
    <Document page={page.path} meta={META[page.path]}>
      <section className="card notice">
        <h1>{fill(words.servedBy, { site: page.owner === 'marketing' ? words.marketing : words.backend })}</h1>
        <p>
          <Rich text={words.inProduction} parts={{ path: <code>{page.path}</code>, production: IN_PRODUCTION[page.path][language] }} />
        </p>
        <p>
          <a className="button" href="/">
            {words.back}
          </a>
        </p>
      </section>
    </Document>
  );
}
