import manifest from '../../dist/client/.vite/manifest.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const chunks = manifest as Record<string, ManifestChunk>;

function fileOf(key: string): string {
  const chunk = chunks[key];
  if (!chunk) throw new Error(`client build is missing ${key}; run npm run build:client`);
  return `/${chunk.file}`;
}

export const stylesheetHref = fileOf('client/styles.css');
/** The page's one script (`client/boot.ts`), which loads the islands' entry after the page has loaded. */
export const entryScriptSrc = fileOf('client/boot.ts');
