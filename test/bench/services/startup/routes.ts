// Startup profile (test/bench/cold-start.mjs): a route table of the site's size, matched once (Hono builds its matcher on the first request).
import { Hono } from '../../../../src/lib/hono';

const app = new Hono();
for (let i = 0; i < 80; i++) app.get(`/route-${i}/:part`, (c) => c.text('ok\n'));
app.get('/', (c) => c.text('ok\n'));

export default { fetch: app.fetch };
