// A local stand-in for the third-party verification forms, on its own origin.
import { createServer } from 'node:http';

const port = Number(process.env.FORMS_PORT ?? 8798);
createServer((req, res) => {
  const name = (req.url ?? '/').slice(1).replace(/[^a-z-]/g, '') || 'form';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!DOCTYPE html><html lang="en"><head><title>${name}</title></head><body><main><h1>Verification form: ${name}</h1>` +
      `<form><label for="company">Company name</label><input id="company" name="company"></form></main></body></html>`,
  );
}).listen(port, '127.0.0.1', () => console.log(`forms stand-in on ${port}`));
