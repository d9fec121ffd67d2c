// Step 4, zero percent: the new version deployed at 0 % beside the serving one, so that a request
// naming it by its override reaches it while every visitor stays on the serving version.
import { RECORD } from './context.mjs';
import { deployOurs } from './deployment.mjs';

/** The 0 % deployment (a first release has no serving version to stand beside); finds nothing new. */
export async function zeroPercent(found) {
  if (!found.exists) return found;
  await deployOurs(
    found.beside,
    'Deploy it at 0 % beside the serving version, so that its override reaches it',
    [`${found.version}@0%`, `${found.serving}@100%`],
    `${RECORD}: 0 %`,
  );
  return found;
}
