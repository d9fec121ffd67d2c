// Startup profile (test/bench/cold-start.mjs): every zod schema the routes build at import.
import * as api from '../../../../src/domain/api-schemas';
import * as settings from '../../../../src/settings/config';

export default {
  fetch() {
    return new Response(`${Object.keys(api).length + Object.keys(settings).length}\n`);
  },
};
