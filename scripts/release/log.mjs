// `--log`: the history of the Worker's deployments, newest first, each with its versions' commits
// and the record a release gave it (who released what, since when).
import { api, failed } from './api.mjs';
import { worker } from './context.mjs';

/** Prints the history and exits: 0, or 1 when the deployments could not be read. */
export async function printLog() {
  const [deployments, versions] = await Promise.all([
    api(`/workers/scripts/${worker}/deployments`),
    api(`/workers/scripts/${worker}/versions`),
  ]);
  if (deployments.status !== 200) {
    console.error(failed('The deployments', deployments));
    process.exit(1);
  }
  const tags = new Map((versions.result?.items ?? []).map((v) => [v.id, v.annotations?.['workers/tag']]));
  for (const d of deployments.result?.deployments ?? []) {
    const serving = d.versions.map(
      (v) => `${v.version_id}${tags.get(v.version_id) ? ` (${tags.get(v.version_id)})` : ''} ${v.percentage} %`,
    );
    const record = d.annotations?.['workers/message'] ?? `by ${d.annotations?.['workers/triggered_by'] ?? 'unknown'}`;
    console.log(`${d.created_on}  ${serving.join(', ')}  ${record}${d.author_email ? ` <${d.author_email}>` : ''}`);
  }
  process.exit(0);
}
