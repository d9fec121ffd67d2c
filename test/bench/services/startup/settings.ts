// Startup profile (test/bench/cold-start.mjs): the settings' zod schema, built at import and read on every request.
import { readConfig } from '../../../../src/settings/config';

export default {
  fetch(_request: Request, env: Record<string, unknown>) {
    // Read as the site reads it; bindings this part lacks make it refuse, which costs the same.
    let read = 'read';
    try {
      readConfig(env);
    } catch {
      read = 'refused';
    }
    return new Response(`${read}\n`);
  },
};
