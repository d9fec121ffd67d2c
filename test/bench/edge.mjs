// What Cloudflare's network does between the Worker and a visitor's browser, for the Lighthouse
// runs: text answers are compressed when the browser accepts it (Brotli, else gzip), for the
// content types Cloudflare compresses, on success and on 403/404 only. Everything else passes
// through untouched. https://developers.cloudflare.com/speed/optimization/content/compression/
import { request as httpRequest, createServer } from 'node:http';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

const COMPRESSED_TYPES = new Set([
  'text/html',
  'text/plain',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'image/svg+xml',
  'image/x-icon',
  'text/xml',
  'application/xml',
]);

function encodingFor(req, res) {
  const status = res.statusCode ?? 0;
  if (!((status >= 200 && status < 300) || status === 403 || status === 404)) return null;
  if (res.headers['content-encoding']) return null;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!COMPRESSED_TYPES.has(type)) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Starts the edge on `port`, forwarding to the site at `target` (http://host:port). */
export function startEdge(port, target) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const encoding = encodingFor(req, answer);
        const headers = { ...answer.headers };
        if (!encoding) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers['content-length'];
        headers['content-encoding'] = encoding;
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
        res.writeHead(answer.statusCode ?? 502, headers);
        // Each chunk the Worker streams is flushed on, as the edge does with a streamed answer.
        const compressor =
          encoding === 'br'
            ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 }, flush: constants.BROTLI_OPERATION_FLUSH })
            : createGzip({ flush: constants.Z_SYNC_FLUSH });
        answer.pipe(compressor).pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) }),
    ),
  );
}
