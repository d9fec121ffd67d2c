// Step 2, build: the settings-free configuration every deployment before the promotion is made
// with, and the client's islands and stylesheet (unless --skip-build takes them as they are).
import { dry, values } from './context.mjs';
import { writeSettingsFree } from './deployment.mjs';
import { run } from './run.mjs';

/** The build: changes nothing on the account, and finds nothing the next steps need. */
export async function build(found) {
  if (!dry) writeSettingsFree();
  if (!values['skip-build']) await run('Build the islands and the stylesheet', 'npm', ['run', 'build:client']);
  return found;
}
