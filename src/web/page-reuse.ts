import type { ReactElement } from 'react';
import { randomToken } from '../domain/random';
import { IsolateMemo } from '../lib/isolate-memo';

/**
 * Pages that are a pure function of their props and of the request's path, device class,
 * headerless flag and year are rendered once per isolate for each such set and reused. What
 * changes on every response (the nonce, a payment form's form key, a token from the URL) is
 * rendered as a slot marker and filled in for each response.
 */
export type SlotName = 'nonce' | 'formKey' | 'token';

/** What a slot may hold: it is put into HTML attributes and JSON without escaping. */
const SLOT_VALUE = /^[A-Za-z0-9_\-.=+/]*$/;
const MAX_PAGES = 200;

/**
 * A kept page: the text between slots, encoded once, and the slot after each part but the last.
 * A response's body is one buffer per kept page with this response's slot values written into it
 * (`respond`): the runtime copies a byte body when the response is made, and encoding a whole page
 * of text per response cost about a tenth of a card form's time.
 */
export interface Kept {
  parts: Uint8Array[];
  slots: SlotName[];
  /** Each slot name once, however often it appears (the nonce is in every script tag). */
  names: SlotName[];
  /** The buffer of the last response, and where each slot's value sits in it. */
  layout?: { body: Uint8Array<ArrayBuffer>; at: number[]; lengths: number[] };
}

const pages = new IsolateMemo<Kept>(MAX_PAGES);
let marker: string | undefined;
let slotPattern: RegExp | undefined;
const encoder = new TextEncoder();

/** The marker that stands for `name` in reused pages; random per isolate, so no input can forge it. */
export function slot(name: SlotName): string {
  // Made on first use: Workers do not allow random values at global scope.
  marker ??= `s${randomToken(20)}`;
  return `${marker}${name}`;
}

/** Splits a rendered page at its slot markers. */
export function keepable(html: string): Kept {
  if (!marker || !html.includes(marker)) return { parts: [encoder.encode(html)], slots: [], names: [] };
  slotPattern ??= new RegExp(`${marker}(nonce|formKey|token)`);
  const pieces = html.split(slotPattern);
  const slots = pieces.filter((_, i) => i % 2 === 1) as SlotName[];
  return {
    parts: pieces.filter((_, i) => i % 2 === 0).map((part) => encoder.encode(part)),
    slots,
    names: [...new Set(slots)],
  };
}

/** A buffer laid out for slot values of these lengths. */
function layOut(parts: Uint8Array[], lengths: number[]): NonNullable<Kept['layout']> {
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0) + lengths.reduce((sum, n) => sum + n, 0));
  const at: number[] = [];
  let offset = 0;
  for (let i = 0; i < parts.length; i++) {
    body.set(parts[i]!, offset);
    offset += parts[i]!.length;
    if (i < lengths.length) {
      at.push(offset);
      offset += lengths[i]!;
    }
  }
  return { body, at, lengths };
}

/**
 * The response of a kept page with this response's slot values; a value that is missing or unsafe
 * is an error. The body is made in the kept page's buffer and copied by the runtime as the
 * response is made, before any other request can write into it.
 */
export function respond(kept: Kept, values: Partial<Record<SlotName, string>>, init: ResponseInit): Response {
  const { slots } = kept;
  for (const name of kept.names) {
    const value = values[name];
    if (value === undefined || !SLOT_VALUE.test(value)) throw new Error(`no safe value for the ${name} slot`);
  }
  let layout = kept.layout;
  let fits = layout !== undefined;
  for (let i = 0; fits && i < slots.length; i++) fits = values[slots[i]!]!.length === layout!.lengths[i];
  if (!fits)
    layout = kept.layout = layOut(
      kept.parts,
      slots.map((name) => values[name]!.length),
    );
  const { body, at } = layout!;
  // Slot values are ASCII (SLOT_VALUE): one byte a character.
  for (let i = 0; i < slots.length; i++) {
    const value = values[slots[i]!]!;
    const offset = at[i]!;
    for (let j = 0; j < value.length; j++) body[offset + j] = value.charCodeAt(j);
  }
  return new Response(body, init);
}

const ids = new WeakMap<object, number>();
let lastId = 0;

/** `§` and a number: a mark within Latin-1, so page keys stay one-byte strings, quicker to build and look up. */
function idOf(value: object): string {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++lastId));
  return `§${id}`;
}

/** Components and other functions by identity: two pages with equal props but other components differ. */
function keyPart(_key: string, value: unknown): unknown {
  if (typeof value === 'function') return idOf(value);
  if (value instanceof Set) return [...(value as Set<unknown>)];
  return value;
}

/**
 * Objects given as props (a payee from the cache, say) are keyed once per object, and frozen
 * then (`freeze`), so an object that is the same is keyed the same. The key is a short name for
 * the object's content, so page keys stay short to look up: equal content, the same name; a name
 * is never given to other content (one forgotten is named anew).
 */
const objectKeys = new WeakMap<object, string>();
const contentNames = new IsolateMemo<string>(2000);
let lastContent = 0;

function contentName(json: string): string {
  let name = contentNames.get(json);
  if (name === undefined) contentNames.set(json, (name = `o${++lastContent}`), Infinity);
  return name;
}

function propKey(value: unknown): string {
  switch (typeof value) {
    case 'function':
      return idOf(value);
    case 'string':
      // Its length first, so no text can read as the end of one prop and the start of another.
      return `${value.length}:${value}`;
    case 'number':
    case 'boolean':
    case 'undefined':
      return `${typeof value}:${value}`;
  }
  if (value === null || typeof value !== 'object') return String(value);
  let key = objectKeys.get(value);
  if (key === undefined) {
    objectKeys.set(value, (key = contentName(JSON.stringify(value, keyPart))));
    freeze(value);
  }
  return key;
}

/**
 * A prop object a page was keyed by is never changed after: frozen, with every object and list in
 * it (even under an object frozen already), so a change throws where it is made instead of a kept
 * page being served for what it was. A Set's members cannot be frozen; no page takes a Set it changes.
 */
function freeze(value: object, seen = new WeakSet<object>()): void {
  if (seen.has(value)) return;
  seen.add(value);
  Object.freeze(value);
  for (const inner of Object.values(value)) if (inner !== null && typeof inner === 'object') freeze(inner, seen);
}

/**
 * The key of a page: its component, each of its props, and what the request adds (strings from
 * the request's address, which holds no control characters, numbers and flags).
 */
export function pageKey(page: ReactElement, request: readonly (string | number | boolean | undefined)[]): string {
  const props = page.props as Record<string, unknown>;
  let key = typeof page.type === 'function' ? idOf(page.type) : String(page.type);
  for (const name in props) key += `|${name}=${propKey(props[name])}`;
  return `${key}\u0001${request.join('\u0001')}`;
}

export function reusedPage(key: string): Kept | undefined {
  return pages.get(key);
}

export function keepPage(key: string, kept: Kept): void {
  pages.set(key, kept, Infinity);
}
