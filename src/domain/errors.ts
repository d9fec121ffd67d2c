/** The one error shape of every 4xx answer (contract §4). */
export interface ApiError {
  error: string;
  fields: Record<string, string>;
}

/** Field messages keyed by the field's path (`a.b.0`), the first message of each field kept. */
export function fieldErrors(error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
