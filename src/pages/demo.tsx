import { DEMO_CARDS, DEMO_SECTIONS } from '../domain/demo';
import { FOREIGN_PAGES, type ForeignPage, type MetaSection } from '../domain/site';
import { Document } from './shell/document';

/** `/` in the local demo: every page of both specs, with the demo data to try it with. */
export function DemoIndexPage() {
  return (
    <Document page="Home" title="Papaya local demo">
      <section className="card demo-index">
        <h1>Papaya local demo</h1>
        <p>
          This site runs on its embedded origin with demo data: nothing is charged and no text message leaves this computer. In production,
          this address is the marketing site&apos;s home page.
        </p>
        <p>
          Phones get other answers than computers on the pay and download pages. To see them, open a page in your browser&apos;s device mode
          as an iPhone or an Android phone: the pay pages send phones to web pay while the <code>pay-wpbp-redirect</code> flag is on, and
          the download page sends each phone to its own store.
        </p>
        {DEMO_SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={`demo-${slug(section.title)}`}>
            <h2 id={`demo-${slug(section.title)}`}>{section.title}</h2>
            <p className="fine-print">From the {section.source}.</p>
            <ul className="demo-links">
              {section.links.map((link) => (
                <li key={link.path}>
                  <a href={link.path}>{link.path}</a> {link.what}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="demo-cards">
          <h2 id="demo-cards">Test cards</h2>
          <p className="fine-print">Any future expiry date; any security code unless noted.</p>
          <ul className="demo-links">
            {DEMO_CARDS.map(({ card, outcome }) => (
              <li key={card}>
                <code>{card}</code> {outcome}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="demo-elsewhere">
          <h2 id="demo-elsewhere">Served elsewhere in production</h2>
          <ul className="demo-links">
            {FOREIGN_PAGES.filter((p) => p.path !== '/').map((p) => (
              <li key={p.path}>
                <a href={p.path}>{p.path}</a> {p.production}
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
  const site = page.owner === 'marketing' ? 'the marketing site' : "Papaya's backend";
  return (
    <Document page={page.path} meta={META[page.path]}>
      <section className="card notice">
        <h1>Served by {site} in production</h1>
        <p>
          In production, <code>{page.path}</code> is {page.production}. This local demo runs without that site, so there is nothing more to
          show here.
        </p>
        <p>
          <a className="button" href="/">
            Back to the demo index
          </a>
        </p>
      </section>
    </Document>
  );
}
