import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md, "Adding a field to the card form": an optional field is the description, the
 * step's component and the two catalogues. One field is added to each step of a copy of the
 * project, each in those files only; the copy must compile as it is (a list elsewhere that must
 * name every field fails here), the field rules', catalogues' and backend body's unit tests must
 * pass in it unchanged, and each field must be checked, taken by the API, sent to the backend and
 * labelled (a list that leaves it out silently fails here). A fifth file needed fails this test.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The only files the edits may touch. */
const ALLOWED = [
  'src/domain/payment.ts',
  'client/components/payment-card-step.tsx',
  'client/components/payment-payer-step.tsx',
  'src/domain/catalogue/en.ts',
  'src/domain/catalogue/es.ts',
];

/** The edits, each a text inserted after an anchor that must be in its file: a second address line on the card step, a reference on the payer step. */
const EDITS: Array<{ file: string; after: string; insert: string }> = [
  {
    file: 'src/domain/payment.ts',
    after: "  addr1: { check: () => requiredField(required(200)), label: 'billingAddress' },\n",
    insert: "  addr2: { check: () => optionalField(atMost(200)), label: 'addressLine2', optional: true },\n",
  },
  {
    file: 'src/domain/payment.ts',
    after: "  email: { check: () => EMAIL_FIELD, label: 'email' },\n",
    insert: "  payerRef: { check: () => optionalField(atMost(40)), label: 'payerReference', optional: true },\n",
  },
  {
    file: 'client/components/payment-card-step.tsx',
    after: `      <Field autoComplete="address-line1" {...bind('addr1')} />\n`,
    insert: `      <Field autoComplete="address-line2" {...bind('addr2')} />\n`,
  },
  {
    file: 'client/components/payment-payer-step.tsx',
    after: `      <Field type="email" autoComplete="email" enterKeyHint="next" {...CODE} {...bind('email')} />\n`,
    insert: `      <Field enterKeyHint="next" {...bind('payerRef')} />\n`,
  },
  {
    file: 'src/domain/catalogue/en.ts',
    after: "    billingAddress: 'Billing Address',\n",
    insert: "    addressLine2: 'Apartment, suite (optional)',\n    payerReference: 'Your reference (optional)',\n",
  },
  {
    file: 'src/domain/catalogue/es.ts',
    after: "    billingAddress: 'Dirección de facturación',\n",
    insert: "    addressLine2: 'Apartamento, suite (opcional)',\n    payerReference: 'Su referencia (opcional)',\n",
  },
];

/** What the copy must do with a new field, run from its own sources. */
const PROBE = `
import { checkPayment } from './src/domain/payment-schemas';
import { PaymentFormSchema } from './src/domain/api-schemas';
import { en } from './src/domain/catalogue/en';
import { es } from './src/domain/catalogue/es';
import { labelKey, PAYMENT_FIELD_DESCRIPTIONS } from './src/domain/payment';
import { formLabels } from './src/domain/web-payment-labels';
import { wirePaymentFields } from './src/origin/payment';
export function probe(payee, posted, name, longest) {
  const now = new Date('2026-11-27T12:00:00Z');
  const checked = checkPayment(payee, false, posted, now);
  const tooLong = checkPayment(payee, false, { ...posted, [name]: 'x'.repeat(longest + 1) }, now);
  const key = labelKey(PAYMENT_FIELD_DESCRIPTIONS[name], formLabels({ company: false, notMedical: false, useStatement: false }));
  return {
    api: PaymentFormSchema.parse(posted)[name],
    sent: checked.ok ? wirePaymentFields({ payee, ...checked, company: false, humanToken: '', userAgent: '', generic: false })[name] : checked.problems,
    tooLong: tooLong.ok ? 'accepted' : tooLong.problems[name],
    labels: [en.paymentForm[key], es.paymentForm[key]],
  };
}
`;

let copy = '';

/** '' when the command succeeded; otherwise everything it said, so that a failure shows why. */
const failureOf = (command: Promise<unknown>): Promise<string> =>
  command.then(
    () => '',
    (error: { stdout?: string; stderr?: string; message?: string }) =>
      `${error.message ?? ''}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`.trim() || 'failed',
  );

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'dist/client/.vite/worker-assets.json')))
    throw new Error('The Worker compiles against the client build: run `npm run build:client` first (`npm test` does).');
  copy = await mkdtemp(path.join(tmpdir(), 'adding-a-field-'));
  const parts = ['src', 'client', 'alerts', 'test/unit', 'test/console-guard.ts', 'worker-configuration.d.ts', 'dist/client/.vite'];
  for (const name of [...parts, 'tsconfig.base.json', 'tsconfig.client.json', 'tsconfig.worker.json'])
    await cp(path.join(ROOT, name), path.join(copy, name), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  for (const { file, after, insert } of EDITS) {
    expect(ALLOWED).toContain(file);
    const text = await readFile(path.join(copy, file), 'utf8');
    expect(text, `${file} no longer has the anchor this test edits after`).toContain(after);
    await writeFile(path.join(copy, file), text.replace(after, after + insert));
  }
}, 60_000);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('an optional field added to each step, each in the description, its step and the two catalogues', () => {
  it('compiles with nothing else changed: the Worker, the islands and the shared rules', async () => {
    expect(await failureOf(run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-b', 'tsconfig.worker.json'], { cwd: copy }))).toBe('');
  }, 240_000);

  it("passes the field rules', the catalogues' and the backend body's unit tests unchanged", async () => {
    const tests = ['test/unit/wire-names.test.ts', 'test/unit/payment-validation.test.ts', 'test/unit/catalogue.test.ts'];
    const vitest = path.join(ROOT, 'node_modules/.bin/vitest');
    expect(await failureOf(run(vitest, ['run', '--config', 'test/unit/vitest.config.ts', ...tests], { cwd: copy }))).toBe('');
  }, 120_000);

  it('is checked by its rule, taken by the API, sent to the backend under its name, and labelled in both languages', async () => {
    await writeFile(path.join(copy, 'probe.ts'), PROBE);
    const out = path.join(copy, 'probe.mjs');
    await build({
      entryPoints: [path.join(copy, 'probe.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      logLevel: 'error',
    });
    const { probe } = (await import(out)) as {
      probe: (payee: unknown, posted: Record<string, string>, name: string, longest: number) => Record<string, unknown>;
    };
    const payee = {
      customFields: { payDOB: false, payDOS: false, billingZip: false },
      acctRegex: '',
      acctRegexWarn: '',
      acctRegexReadibleString: '',
      ccAccepted: { pall: true, pvisa: true, pmc: true, pdiscover: true, pamex: true },
      url: 'valleymed',
      urls: { url: 'valleymed', billingUrl: '' },
    };
    const posted = {
      patientName: 'Jane Doe',
      account: 'A-1001',
      amount: '25.00',
      email: 'jane@example.com',
      payerRef: 'PO-77',
      phone: '+1 (559) 555-0199',
      ccn: '4242 4242 4242 4242',
      exp: '12/2030',
      cvv: '123',
      billName: 'Jane Doe',
      addr1: '1 Main St',
      addr2: 'Suite 5',
      city: 'Fresno',
      state: 'CA',
      zip: '93721',
    };
    expect(probe(payee, posted, 'addr2', 200)).toEqual({
      api: 'Suite 5',
      sent: 'Suite 5',
      tooLong: expect.any(String),
      labels: ['Apartment, suite (optional)', 'Apartamento, suite (opcional)'],
    });
    expect(probe(payee, posted, 'payerRef', 40)).toEqual({
      api: 'PO-77',
      sent: 'PO-77',
      tooLong: expect.any(String),
      labels: ['Your reference (optional)', 'Su referencia (opcional)'],
    });
  }, 60_000);
});
