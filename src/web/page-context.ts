import { createContext, useContext } from 'react';
import type { Catalogue, Language } from '../domain/catalogue';
import type { DeviceClass } from '../domain/device';
import type { IslandName } from '../domain/islands';
import type { PostedForm } from '../domain/posted-form';

/** What the server knows about the request while rendering one page. */
export interface PageContextValue {
  nonce: string;
  path: string;
  /** The page's address on its preview card: the site's origin, the path, and only public parameters. */
  previewUrl: string;
  /** The site's origin, for absolute addresses (the preview image). */
  siteOrigin: string;
  device: DeviceClass;
  headerless: boolean;
  /** Filled by `<Island>` as islands render; read by the scripts at the end of `<body>`. */
  islands: Set<IslandName>;
  year: number;
  /** The page's language: the visitor's, where every word of the page is in the catalogue. */
  language: Language;
  /** The words of the page and its islands, in its language. */
  text: Catalogue;
  /** The same page in the other language, where the page is offered in both. */
  switchHref?: string;
  /** The share of page views whose islands report their errors (spec 001 §9 in production, all locally). */
  reportSample: number;
  /** The route pattern that drew the page, as its events name it: what its Web Vitals beacon says of it. */
  route: string;
  /** A form posted without script, or the mark its success left: handed to the island that drew it. */
  posted?: PostedForm;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePageContext(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePageContext outside a rendered page');
  return value;
}
