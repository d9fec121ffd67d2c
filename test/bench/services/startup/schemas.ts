// Startup profile (test/bench/cold-start.mjs): the API's zod schemas, built at import.
import * as api from '../../../../src/domain/api-schemas';

export default {
  fetch() {
    return new Response(`${Object.keys(api).length}\n`);
  },
};
