// Startup profile (test/bench/cold-start.mjs): the pay page's and the card form's modules, islands included, evaluated.
import * as pay from '../../../../src/pages/pay';
import * as card from '../../../../src/pages/web-payment';

export default {
  fetch() {
    return new Response(`${Object.keys(pay).length + Object.keys(card).length}\n`);
  },
};
