import { describe, expect, it } from 'vitest';
import { keepRequestLog, SUCCESS_LOG_SAMPLE_RATE } from '../../src/web/log';

describe('which requests are logged', () => {
  const never = () => 0.999;
  const always = () => 0;

  it('logs every request outside production', () => {
    expect(keepRequestLog(false, 200, false, never)).toBe(true);
  });

  it('in production, logs every failure whatever the sample', () => {
    expect(keepRequestLog(true, 404, false, never)).toBe(true);
    expect(keepRequestLog(true, 500, false, never)).toBe(true);
    expect(keepRequestLog(true, 200, true, never)).toBe(true);
  });

  it('in production, logs a request that went well at the error-reporting sample rate of 0.01', () => {
    expect(SUCCESS_LOG_SAMPLE_RATE).toBe(0.01);
    expect(keepRequestLog(true, 200, false, always)).toBe(true);
    expect(keepRequestLog(true, 302, false, () => 0.0101)).toBe(false);
    expect(keepRequestLog(true, 200, false, never)).toBe(false);
  });
});
