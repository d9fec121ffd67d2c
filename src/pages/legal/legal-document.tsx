import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** A legal document with a table of contents, so a reader can jump to the clause they need. */
export function LegalDocument({
  title,
  dated,
  intro,
  sections,
}: {
  title: string;
  dated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="legal card">
      <h1>{title}</h1>
      <p className="legal__date">{dated}</p>
      {intro}
      <nav aria-label="Contents" className="legal__toc">
        <h2>Contents</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
          <h2 id={`${s.id}-h`}>
            {i + 1}. {s.heading}
          </h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
