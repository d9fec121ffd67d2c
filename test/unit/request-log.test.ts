import { describe, expect, it } from 'vitest';
import { keepRequestLog, SUCCESS_LOG_SAMPLE_RATE } from '../../src/telemetry/log';

describe('which requests are logged', () => {
  const never = () => 0.999;
  const always = () => 0;

  it('logs every request when told to (the default outside production)', () => {
    expect(keepRequestLog('all', 200, false, never)).toBe(true);
  });

  it("with sampled logs (production's default), logs every failure whatever the sample", () => {
    expect(keepRequestLog('sampled', 400, false, never)).toBe(true);
    expect(keepRequestLog('sampled', 429, false, never)).toBe(true);
    expect(keepRequestLog('sampled', 500, false, never)).toBe(true);
    expect(keepRequestLog('sampled', 503, false, never)).toBe(true);
    expect(keepRequestLog('sampled', 200, true, never)).toBe(true);
  });

  it('with sampled logs, logs a request that went well at the error-reporting sample rate of 0.01', () => {
    expect(SUCCESS_LOG_SAMPLE_RATE).toBe(0.01);
    expect(keepRequestLog('sampled', 200, false, always)).toBe(true);
    expect(keepRequestLog('sampled', 302, false, () => 0.0101)).toBe(false);
    expect(keepRequestLog('sampled', 200, false, never)).toBe(false);
  });

  it('with sampled logs, samples a 404 like a success (scanners probe thousands of addresses), unless the backend failed', () => {
    expect(keepRequestLog('sampled', 404, false, never)).toBe(false);
    expect(keepRequestLog('sampled', 404, false, always)).toBe(true);
    expect(keepRequestLog('sampled', 404, true, never)).toBe(true);
    expect(keepRequestLog('all', 404, false, never)).toBe(true);
  });
});
