import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md, "Adding a field to the card form": an optional field is the description, the
 * step's component and the two catalogues. The four edits are made to a copy of the project; the
 * copy must compile as it is (a list elsewhere that must name every field fails here), and the
 * field must be checked, taken by the API and sent to the backend (a list that leaves it out
 * silently fails here). A fifth file needed fails this test.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The four edits, each a text inserted after an anchor that must be in its file. */
const EDITS: Array<{ file: string; after: string; insert: string }> = [
  {
    file: 'src/domain/payment.ts',
    after: "  addr1: { check: () => requiredField(required(200)), label: 'billingAddress' },\n",
    insert: "  addr2: { check: () => optionalField(atMost(200)), label: 'addressLine2', optional: true },\n",
  },
  {
    file: 'client/components/payment-card-step.tsx',
    after: `      <Field autoComplete="address-line1" {...bind('addr1')} />\n`,
    insert: `      <Field autoComplete="address-line2" {...bind('addr2')} />\n`,
  },
  {
    file: 'src/domain/catalogue/en.ts',
    after: "    billingAddress: 'Billing Address',\n",
    insert: "    addressLine2: 'Apartment, suite (optional)',\n",
  },
  {
    file: 'src/domain/catalogue/es.ts',
    after: "    billingAddress: 'Dirección de facturación',\n",
    insert: "    addressLine2: 'Apartamento, suite (opcional)',\n",
  },
];

/** What the copy must do with the new field, run from its own sources. */
const PROBE = `
import { checkPayment } from './src/domain/payment-schemas';
import { PaymentFormSchema } from './src/domain/api-schemas';
import { en } from './src/domain/catalogue/en';
import { es } from './src/domain/catalogue/es';
import { labelKey, PAYMENT_FIELD_DESCRIPTIONS } from './src/domain/payment';
import { formLabels } from './src/domain/web-payment-labels';
import { wirePaymentFields } from './src/origin/payment';
export function probe(payee, posted) {
  const now = new Date('2026-11-27T12:00:00Z');
  const checked = checkPayment(payee, false, posted, now);
  const tooLong = checkPayment(payee, false, { ...posted, addr2: 'x'.repeat(201) }, now);
  const key = labelKey(PAYMENT_FIELD_DESCRIPTIONS.addr2, formLabels({ company: false, notMedical: false, useStatement: false }));
  return {
    api: PaymentFormSchema.parse(posted).addr2,
    sent: checked.ok ? wirePaymentFields({ payee, ...checked, company: false, humanToken: '', userAgent: '', generic: false }).addr2 : checked.problems,
    tooLong: tooLong.ok ? 'accepted' : tooLong.problems.addr2,
    labels: [en.paymentForm[key], es.paymentForm[key]],
  };
}
`;

let copy = '';

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'adding-a-field-'));
  for (const name of [
    'src',
    'client',
    'alerts',
    'worker-configuration.d.ts',
    'tsconfig.base.json',
    'tsconfig.client.json',
    'tsconfig.worker.json',
  ])
    await cp(path.join(ROOT, name), path.join(copy, name), { recursive: true });
  await cp(path.join(ROOT, 'dist/client/.vite'), path.join(copy, 'dist/client/.vite'), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  for (const { file, after, insert } of EDITS) {
    const text = await readFile(path.join(copy, file), 'utf8');
    expect(text, `${file} no longer has the anchor this test edits after`).toContain(after);
    await writeFile(path.join(copy, file), text.replace(after, after + insert));
  }
}, 60_000);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('an optional field added to the card step in four files', () => {
  it('compiles with nothing else changed: the Worker, the islands and the shared rules', async () => {
    const result = await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-b', 'tsconfig.worker.json'], { cwd: copy }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 240_000);

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
    const { probe } = (await import(out)) as { probe: (payee: unknown, posted: Record<string, string>) => Record<string, unknown> };
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
    expect(probe(payee, posted)).toEqual({
      api: 'Suite 5',
      sent: 'Suite 5',
      tooLong: expect.any(String),
      labels: ['Apartment, suite (optional)', 'Apartamento, suite (opcional)'],
    });
  }, 60_000);
});
