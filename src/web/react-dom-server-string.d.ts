declare module '*/react-dom/cjs/react-dom-server-legacy.browser.production.js' {
  export { renderToString } from 'react-dom/server';
}
