import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTypedEarly } from '../components/typed-early';
import { useHydrated } from '../components/hydrated';
import { SEARCH_TERM_MIN, type SearchResult } from '../../src/domain/payee';
import type { ProviderLookupText } from '../../src/domain/catalogue';

export interface ProviderLookupProps {
  /** Search term to start with (`t`). */
  initialTerm: string;
  /** Query kept on the way to the form (`ref`). */
  ref404: boolean;
  /** What the server found for the term (the search form works without script). */
  results?: Result[];
  /** Its words, in the visitor's language. */
  text: ProviderLookupText;
}

type Result = Pick<SearchResult, 'id' | 'name' | 'street1' | 'street2' | 'city' | 'state' | 'zip'>;

export const SEARCH_DEBOUNCE_MS = 300;

const addressOf = (r: Result) => [r.street1, r.street2, [r.city, r.state].filter(Boolean).join(', '), r.zip].filter(Boolean).join(' ');

/** The provider lookup: a WAI-ARIA combobox, a confirmation dialog, then Next to the form. */
export default function ProviderLookup(props: ProviderLookupProps) {
  const { ref404, text } = props;
  const lookup = useProviderLookup(props);
  const { term, results, open, active, status, notFound, hydrated, chosen, inputRef, formRef, ...on } = lookup;
  const nextFor = (r: Result) => `/web-payment?${new URLSearchParams({ p: r.id, g: '1', ...(ref404 ? { ref: '404' } : {}) })}`;
  const next = chosen ? nextFor(chosen) : undefined;
  return (
    <form ref={formRef} className="lookup" method="get" action="/web-payment" role="search" onSubmit={on.showResults}>
      {ref404 && <input type="hidden" name="ref" value="404" />}
      <label htmlFor="provider-name">{text.label}</label>
      <div className="lookup__box">
        <input
          ref={inputRef}
          id="provider-name"
          name="t"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls="provider-results"
          aria-activedescendant={open && active >= 0 ? `provider-option-${active}` : undefined}
          aria-describedby="provider-hint"
          value={term}
          onChange={(e) => on.termChange(e.target.value)}
          onKeyDown={on.keyDown}
        />
        <Options {...lookup} label={text.listLabel} />
      </div>
      <p id="provider-hint" className="fine-print">
        {text.hint}
      </p>
      {/* The form's own button, with script too: it shows what the search found for the name typed. */}
      <button type="submit" className="button button--secondary">
        {text.search}
      </button>
      {!hydrated && <ResultLinks results={results} nextFor={nextFor} label={text.linksLabel} />}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {notFound && (
        <p className="field-error" role="alert">
          {text.notFound}
        </p>
      )}
      <ConfirmDialog {...lookup} text={text} />
      {next ? (
        <a className="button lookup__next" href={next}>
          {text.next}
        </a>
      ) : (
        hydrated && (
          <button type="button" className="button lookup__next" disabled>
            {text.next}
          </button>
        )
      )}
    </form>
  );
}

/** The lookup's state: the term typed, the payees found for it, the one picked (to confirm), and the one chosen. */
function useProviderLookup(props: ProviderLookupProps) {
  const [term, setTerm] = useState(props.initialTerm);
  // Until the island runs, the page is a plain search form with links to the results.
  const hydrated = useHydrated();
  const [pending, setPending] = useState<Result | null>(null);
  const [chosen, setChosen] = useState<Result | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useTypedEarly();
  const search = usePayeeSearch(props, term, chosen);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (pending && !dialog.open) dialog.showModal();
    if (!pending && dialog.open) dialog.close();
  }, [pending]);

  function termChange(value: string) {
    setTerm(value);
    setChosen(null);
    if (value.trim().length < SEARCH_TERM_MIN) search.forget();
  }

  function pick(result: Result) {
    search.setOpen(false);
    setPending(result);
  }

  function closeDialog(confirmed: boolean) {
    if (confirmed && pending) {
      setChosen(pending);
      setTerm(pending.name);
    }
    setPending(null);
    inputRef.current?.focus();
  }

  /** Search pressed with script: the list of what was found opens at the name, the focus back in it. */
  function showResults(event: FormEvent) {
    event.preventDefault();
    search.setOpen(search.results.length > 0);
    inputRef.current?.focus();
  }

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => search.keyDown(event, pick);
  return { term, hydrated, pending, chosen, inputRef, dialogRef, formRef, ...search, termChange, pick, closeDialog, showResults, keyDown };
}

/**
 * The payees found for the term: searched as it is typed, once it is long enough and a moment
 * after the last key; the server's results for the first term are the answer already.
 */
function usePayeeSearch({ initialTerm, results: found, text }: ProviderLookupProps, term: string, chosen: Result | null) {
  const [results, setResults] = useState<Result[]>(found ?? []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const [notFound, setNotFound] = useState(found?.length === 0);
  const latest = useRef(0);
  // The server's results for the first term are the answer already: searched again only when it changes.
  const answered = useRef(found ? initialTerm.trim() : null);
  useEffect(() => {
    const query = term.trim();
    if (query.length < SEARCH_TERM_MIN || chosen || query === answered.current) return;
    answered.current = null;
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/web_payment.php?${new URLSearchParams({ action: 'getPayees', term: query, target: 'partner' })}`);
        const list = res.ok ? ((await res.json()) as Result[]) : [];
        // A slower answer to an older search is dropped.
        if (ticket !== latest.current) return;
        setResults(list);
        setOpen(list.length > 0);
        setActive(-1);
        setNotFound(!res.ok || list.length === 0);
        setStatus(list.length === 1 ? text.oneFound : text.manyFound.replace('{n}', String(list.length)));
      } catch {
        if (ticket === latest.current) setNotFound(true);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, chosen, text]);

  /** Too short to search: forget the last answer, and any search still on its way. */
  function forget() {
    latest.current++;
    setResults([]);
    setOpen(false);
    setNotFound(false);
  }
  /** The combobox's keys: the arrows move through the list (opening it), Enter picks, Escape closes. */
  function keyDown(event: KeyboardEvent<HTMLInputElement>, pick: (result: Result) => void) {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(results[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }
  return { results, open, setOpen, active, status, notFound, forget, keyDown };
}

/** The list of payees found, as the combobox's listbox. */
function Options({
  results,
  open,
  active,
  pick,
  label,
}: {
  results: Result[];
  open: boolean;
  active: number;
  pick: (r: Result) => void;
  label: string;
}) {
  return (
    <ul id="provider-results" role="listbox" aria-label={label} className="lookup__list" hidden={!open}>
      {results.map((r, i) => (
        // Options are chosen from the keyboard through the combobox (aria-activedescendant),
        // as the WAI-ARIA combobox pattern has it; the click is for pointers.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={r.id}
          id={`provider-option-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'is-active' : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(r)}
        >
          <span className="lookup__name">{r.name}</span>
          <span className="lookup__address">{addressOf(r)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Until the island runs: the results as links straight to their forms. */
function ResultLinks({ results, nextFor, label }: { results: Result[]; nextFor: (r: Result) => string; label: string }) {
  return (
    results.length > 0 && (
      <ul className="lookup__links" aria-label={label}>
        {results.map((r) => (
          <li key={r.id}>
            <a href={nextFor(r)}>{r.name}</a> <span className="lookup__address">{addressOf(r)}</span>
          </li>
        ))}
      </ul>
    )
  );
}

/** The payee picked, to confirm before Next. */
function ConfirmDialog({
  dialogRef,
  pending,
  closeDialog,
  text,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  pending: Result | null;
  closeDialog: (confirmed: boolean) => void;
  text: ProviderLookupText;
}) {
  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="confirm-biller-title" onCancel={() => closeDialog(false)}>
      {pending && (
        <>
          <h2 id="confirm-biller-title">{text.confirmTitle}</h2>
          <p className="dialog__name">{pending.name}</p>
          <p>{addressOf(pending)}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => closeDialog(false)}>
              {text.cancel}
            </button>
            <button type="button" className="button" onClick={() => closeDialog(true)}>
              {text.confirm}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
