// Local stand-ins on their own origin: the third-party verification forms, and a partner site
// that frames the pay widgets.
import { createServer } from 'node:http';

const port = Number(process.env.FORMS_PORT ?? 8798);
const site = process.env.SITE_URL ?? 'http://127.0.0.1:8799';

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  if (url.pathname === '/partner') {
    const widget = (url.searchParams.get('widget') ?? '/pay-widget').replace(/[^A-Za-z0-9/?=&_.-]/g, '');
    res.end(
      `<!DOCTYPE html><html lang="en"><head><title>Partner clinic</title></head><body><main><h1>Partner clinic</h1>` +
        `<iframe title="Pay with Papaya" src="${site}${widget}" width="420" height="420"></iframe></main></body></html>`,
    );
    return;
  }
  const name = url.pathname.slice(1).replace(/[^a-z-]/g, '') || 'form';
  res.end(
    `<!DOCTYPE html><html lang="en"><head><title>${name}</title></head><body><main><h1>Verification form: ${name}</h1>` +
      `<form><label for="company">Company name</label><input id="company" name="company"></form></main></body></html>`,
  );
}).listen(port, '127.0.0.1', () => console.log(`stand-ins on ${port}`));
