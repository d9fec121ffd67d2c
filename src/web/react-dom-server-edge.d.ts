declare module '*/react-dom/cjs/react-dom-server.edge.production.js' {
  export { renderToReadableStream } from 'react-dom/server';
}
