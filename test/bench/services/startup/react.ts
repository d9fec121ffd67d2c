// Startup profile (test/bench/cold-start.mjs): React's server renderer loaded, as a page's first render loads it.
import { createElement } from 'react';
import { reactServer } from '../../../../src/web/react-dom-server';

export default {
  async fetch() {
    await reactServer();
    createElement('p');
    return new Response('ok\n');
  },
};
