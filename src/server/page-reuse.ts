import type { ReactElement } from 'react';
import { randomToken } from '../domain/random';
import { IsolateMemo } from './isolate-memo';

/**
 * Pages that are a pure function of their props and of the request's path, device class,
 * headerless flag and year are rendered once per isolate for each such set and reused. What
 * changes on every response (the nonce, a form's idempotency key, a token from the URL) is
 * rendered as a slot marker and filled in for each response.
 */
export type SlotName = 'nonce' | 'idempotencyKey' | 'token';

/** What a slot may hold: it is put into HTML attributes and JSON without escaping. */
const SLOT_VALUE = /^[A-Za-z0-9_\-.=+/]*$/;
const MAX_PAGES = 200;

interface Kept {
  html: string;
  /** Whether the HTML holds any slot marker at all (a page without scripts usually does not). */
  slotted: boolean;
}

const pages = new IsolateMemo<Kept>(MAX_PAGES);
let marker: string | undefined;
let slotPattern: RegExp | undefined;

/** The marker that stands for `name` in reused pages; random per isolate, so no input can forge it. */
export function slot(name: SlotName): string {
  // Made on first use: Workers do not allow random values at global scope.
  marker ??= `s${randomToken(20)}`;
  return `${marker}${name}`;
}

export function fillSlots({ html, slotted }: Kept, values: Partial<Record<SlotName, string>>): string {
  if (!slotted || !marker) return html;
  slotPattern ??= new RegExp(`${marker}(nonce|idempotencyKey|token)`, 'g');
  return html.replace(slotPattern, (_, name: SlotName) => {
    const value = values[name];
    if (value === undefined || !SLOT_VALUE.test(value)) throw new Error(`no safe value for the ${name} slot`);
    return value;
  });
}

const ids = new WeakMap<object, number>();
let lastId = 0;

/** Components and other functions by identity: two pages with equal props but other components differ. */
function keyPart(_key: string, value: unknown): unknown {
  if (typeof value === 'function') {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = ++lastId));
    return `ƒ${id}`;
  }
  if (value instanceof Set) return [...(value as Set<unknown>)];
  return value;
}

const elementKeys = new WeakMap<ReactElement, string>();

/** A route that makes its page element once (a page with fixed props) has it keyed once. */
export function pageKey(page: ReactElement, request: readonly unknown[]): string {
  let element = elementKeys.get(page);
  if (element === undefined) elementKeys.set(page, (element = JSON.stringify([page.type, page.props], keyPart)));
  return `${element}${JSON.stringify(request)}`;
}

export function reusedPage(key: string): Kept | undefined {
  return pages.get(key);
}

export function keepPage(key: string, html: string): Kept {
  const kept = { html, slotted: marker !== undefined && html.includes(marker) };
  pages.set(key, kept, Infinity);
  return kept;
}
