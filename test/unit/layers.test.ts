import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own lint configuration, run on code that breaks the layering, as if it were a file at `path`. */
async function problems(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'layers/imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layering lint rules', () => {
  it('refuse an island that imports the backend wire', async () => {
    const found = await problems(
      'client/islands/x.tsx',
      "import { PayeeSchema } from '../../src/origin/schemas';\nexport const s = PayeeSchema;\n",
    );
    expect(found).toEqual([expect.stringContaining('client may not import src/origin')]);
  });

  it('keep the alerts Worker and the site apart, both ways', async () => {
    expect(await problems('alerts/x.ts', "export { readConfig } from '../src/settings/config';\n")).toEqual([
      expect.stringContaining('alerts may not import src/settings'),
    ]);
    expect(await problems('src/web/x.ts', "export { INDICATORS } from '../../alerts/indicators';\n")).toEqual([
      expect.stringContaining('src/web may not import alerts'),
    ]);
  });

  it('refuse a domain rule that imports the backend wire', async () => {
    const found = await problems('src/domain/x.ts', "import type { PayeeInput } from '../origin/schemas';\nexport type P = PayeeInput;\n");
    expect(found).toEqual([expect.stringContaining('src/domain may not import src/origin')]);
  });

  it('refuse a page that imports a route', async () => {
    const found = await problems('src/pages/x.tsx', "import { payRoutes } from '../routes/pay';\nexport const r = payRoutes;\n");
    expect(found).toEqual([expect.stringContaining('src/pages may not import src/routes')]);
  });

  it('refuse a page that calls the backend, and the web kit that knows a page', async () => {
    expect(await problems('src/pages/x.tsx', "export { createOrigin } from '../origin';\n")).toEqual([
      expect.stringContaining('src/pages may not import src/origin'),
    ]);
    expect(await problems('src/web/x.ts', "export { PayPage } from '../pages/pay';\n")).toEqual([
      expect.stringContaining('src/web may not import src/pages'),
    ]);
  });

  it('refuse DOM globals in Worker code, and allow them in islands', async () => {
    const code = 'export const size = () => window.innerWidth + document.title.length;\n';
    expect(await problems('src/routes/x.ts', code)).toEqual([expect.stringContaining("'window'"), expect.stringContaining("'document'")]);
    expect(await problems('client/islands/x.tsx', code)).toEqual([]);
  });

  it('let each layer import what ARCHITECTURE.md allows', async () => {
    expect(
      await problems('src/routes/x.ts', "export { PayPage } from '../pages/pay';\nexport { createOrigin } from '../origin';\n"),
    ).toEqual([]);
    expect(await problems('src/origin/x.ts', "export { PAYEE_ID } from '../domain/payee';\nexport { calls } from './calls';\n")).toEqual(
      [],
    );
    expect(
      await problems(
        'client/islands/x.tsx',
        "export { PAYEE_ID } from '../../src/domain/payee';\nexport { TextField } from '../components/field';\n",
      ),
    ).toEqual([]);
  });
});
