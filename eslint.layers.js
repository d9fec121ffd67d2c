import path from 'node:path';

/**
 * Which folder may import which (ARCHITECTURE.md, "Allowed imports"), checked on every relative
 * import, export and dynamic import after resolving it against the importing file.
 */
const ROOT = import.meta.dirname;

/** The layers each layer may import, besides itself and packages. */
export const ALLOWED = {
  'src/lib': [],
  'src/domain': [],
  'src/demo': ['src/domain'],
  'src/settings': ['src/domain'],
  'src/telemetry': ['src/domain'],
  'src/security': ['src/settings', 'src/domain', 'src/lib'],
  'src/origin': ['src/settings', 'src/domain', 'src/lib', 'src/security', 'src/demo'],
  'src/web': ['src/settings', 'src/domain', 'src/lib', 'src/security', 'src/origin', 'src/telemetry', 'dist'],
  'src/scheduled': ['src/settings', 'src/domain', 'src/security', 'src/telemetry'],
  'src/pages': ['src/settings', 'src/domain', 'src/security', 'src/web', 'src/telemetry', 'client', 'src/demo'],
  'src/features': ['src/settings', 'src/domain', 'src/lib', 'src/security', 'src/origin', 'src/web', 'src/telemetry'],
  'src/routes': [
    'src/settings',
    'src/domain',
    'src/lib',
    'src/security',
    'src/origin',
    'src/web',
    'src/telemetry',
    'src/pages',
    'src/features',
  ],
  'src/index.ts': ['src/routes', 'src/web', 'src/security', 'src/lib', 'src/telemetry', 'src/scheduled'],
  client: ['src/domain'],
  alerts: ['src/domain'],
};

const WHY = {
  'src/lib': 'src/lib holds helpers with no product knowledge',
  'src/domain': 'src/domain is pure rules shared with the browser',
  'src/demo': "src/demo is the local demo's map and words, drawn from the domain's rules",
  'src/settings': 'src/settings is the settings schema, read once per request',
  'src/telemetry': 'src/telemetry is what the site records for its operators: it knows no request',
  'src/scheduled': "src/scheduled is the hourly cron's jobs: no route, page or request",
  'src/security': 'src/security checks requests; it knows no backend call, page or route',
  'src/origin': 'src/origin is the door to the backend: it speaks the wire and hands out domain types',
  'src/web': 'src/web is the kit pages and routes are built with; it knows no page or route',
  'src/pages': 'pages render what a route hands them and never call the backend',
  'src/features': 'a feature is what its page form and its API route both call: it draws no page and knows no route',
  'src/routes': 'routes are the top of the request flow',
  'src/index.ts': 'the entry only wires routes together',
  client: 'islands run in the browser: the backend wire, the web kit and the routes stay on the server',
  alerts:
    "the alerts Worker stands apart from the site, so that a broken release of the site cannot silence it: it shares only the domain's constants, bundled into it",
};

/** `src/origin/embedded/x.ts` → `src/origin`; `client/islands/x.tsx` → `client`. */
export function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel === 'src/index.ts') return rel;
  const [top, second] = rel.split('/');
  if (top === 'src' && second) return `src/${second}`;
  return top ?? rel;
}

const importsRule = {
  meta: { type: 'problem', schema: [], messages: { layer: "{{from}} may not import {{to}} ('{{source}}'): {{why}}." } },
  create(context) {
    const from = layerOf(context.filename);
    const allowed = ALLOWED[from];
    if (!allowed) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      // A package's own file, imported by its path where the package exports no entry for it, is a package.
      if (to === from || to === 'node_modules' || allowed.includes(to)) return;
      context.report({ node, messageId: 'layer', data: { from, to, source, why: WHY[from] } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Globals of the browser that do not exist in the Workers runtime. */
export const DOM_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'alert',
  'confirm',
  'HTMLElement',
  'customElements',
];

export const layerRules = [
  {
    files: ['src/**', 'client/**', 'alerts/**'],
    plugins: { layers: { rules: { imports: importsRule } } },
    rules: { 'layers/imports': 'error' },
  },
  {
    files: ['src/**', 'alerts/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.map((name) => ({ name, message: 'Worker code runs in workerd, which has no DOM.' })),
      ],
    },
  },
];
