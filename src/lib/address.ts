export interface Address {
  pathname: string;
  /** `?…`, or empty when the address has no query. */
  search: string;
}

/**
 * The parts of the request's address a page needs, read from the runtime's own serialization of
 * it (absolute, normalized, never with a fragment) rather than parsed again on every page.
 */
export function addressOf(url: string): Address {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart < 0) return { pathname: '/', search: '' };
  const queryStart = url.indexOf('?', pathStart);
  if (queryStart < 0) return { pathname: url.slice(pathStart), search: '' };
  return {
    pathname: url.slice(pathStart, queryStart),
    search: queryStart === url.length - 1 ? '' : url.slice(queryStart),
  };
}
