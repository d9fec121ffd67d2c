// A bare Worker: the least any Worker can do per request on this runtime and machine.
export default {
  fetch() {
    return new Response('ok\n', { headers: { 'content-type': 'text/plain' } });
  },
};
