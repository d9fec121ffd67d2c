import { describe, expect, it } from 'vitest';
import * as apiSchemas from '../../src/domain/api-schemas';
import * as errorReportSchema from '../../src/domain/error-report-schema';
import * as getPaid from '../../src/domain/get-paid';
import * as smsRequest from '../../src/domain/sms-request';
import { calls } from '../../src/origin/calls';
import * as originSchemas from '../../src/origin/schemas';

/**
 * A new isolate builds only the schemas its first request needs: every schema of the API and of
 * the backend's answers is built on first use (`z.lazy`), which took about half of what the
 * bundle ran before its first request (docs/performance.md). A schema written eagerly fails here.
 */
const isSchema = (value: unknown): value is { _zod: { def: { type: string } } } =>
  typeof value === 'object' && value !== null && '_zod' in value;

const modules = { apiSchemas, errorReportSchema, getPaid, smsRequest, originSchemas };

describe('schemas built on first use', () => {
  for (const [module, exports] of Object.entries(modules))
    it(`every schema ${module} exports is built when first used`, () => {
      const schemas = Object.entries(exports).filter(([, value]) => isSchema(value));
      expect(schemas.length).toBeGreaterThan(0);
      for (const [name, schema] of schemas)
        expect(`${name}: ${(schema as { _zod: { def: { type: string } } })._zod.def.type}`).toBe(`${name}: lazy`);
    });

  it("every backend call's answer schema is built when first used", () => {
    for (const [name, spec] of Object.entries(calls))
      if ('response' in spec && spec.response)
        expect(`${name}: ${(spec.response as { _zod: { def: { type: string } } })._zod.def.type}`).toBe(`${name}: lazy`);
  });

  it('a lazy schema still checks as its schema does', () => {
    expect(apiSchemas.PayLaterSchema.safeParse({ ue: '' }).success).toBe(false);
    expect(apiSchemas.PayLaterSchema.safeParse({ ue: 'member@example.com' }).success).toBe(true);
  });
});
