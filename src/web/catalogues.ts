import { catalogueLoaded, registerCatalogue, type Catalogue } from '../domain/catalogue';
import { catalogueAssetPath, type Language } from '../domain/catalogue/languages';

/** Reads still on their way, so that the first requests in a language share one read. */
const reading = new Map<Language, Promise<void>>();

/**
 * Makes a language's words ready: read from the assets once per isolate (they are not in the
 * Worker's bundle), then kept. A failed read is thrown to the caller, who says it and goes on in English.
 */
export function readyCatalogue(assets: Fetcher, language: Language): Promise<void> | undefined {
  if (catalogueLoaded(language)) return undefined;
  let read = reading.get(language);
  if (!read) {
    read = Promise.resolve()
      .then(() => assets.fetch(new URL(catalogueAssetPath(language), 'https://assets.invalid')))
      .then(async (res) => {
        if (!res.ok) throw new Error(`the ${language} catalogue is not among the assets (${res.status})`);
        registerCatalogue(language, await res.json<Catalogue>());
      })
      .finally(() => reading.delete(language));
    reading.set(language, read);
  }
  return read;
}
