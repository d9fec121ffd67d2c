// Step 7, share: the new version given --share of the visitors, its pages approved, beside the
// serving version (a first release, deployed whole, has no share).
import { RECORD, share as percent } from './context.mjs';
import { deployOurs } from './deployment.mjs';

/** The split between the new version and the serving one; finds nothing new. */
export async function share(found) {
  if (!found.exists) return found;
  await deployOurs(
    found.beside,
    `Give the new version ${percent} % of visitors`,
    [`${found.version}@${percent}%`, `${found.serving}@${100 - percent}%`],
    `${RECORD}: ${percent} %, pages approved`,
  );
  return found;
}
