/**
 * What the Worker gets for a library that only the browser runs (`imask`, loaded by an island's
 * effect, which never runs on the server): `wrangler.toml` aliases it here, so the Worker does not
 * carry it.
 */
export default function browserOnly(): never {
  throw new Error('This library runs in the browser only.');
}
