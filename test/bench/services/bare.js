// A bare Worker: the least any Worker can do per request on this runtime and machine. At
// /origin-call it first makes the one backend call a password-reset page makes, so the cost of
// that round trip alone is measured too.
export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === '/origin-call') {
      const res = await fetch(`${env.ORIGIN_URL}/api/forgot_password_back.php`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ x: 'RESET-VALID' }),
      });
      await res.json();
    }
    return new Response('ok\n', { headers: { 'content-type': 'text/plain' } });
  },
};
