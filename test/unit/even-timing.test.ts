import { describe, expect, it } from 'vitest';
import { EVEN_FLOOR_MS, EVEN_STEP_MS, evenDelay } from '../../src/security/even-timing';

describe('answers that must not differ in timing', () => {
  it('a fast answer waits for the floor, whatever the work took', () => {
    for (const elapsed of [0, 1, 37, 250, EVEN_FLOOR_MS - 1, EVEN_FLOOR_MS]) expect(elapsed + evenDelay(elapsed)).toBe(EVEN_FLOOR_MS);
  });

  it('a slow answer waits for the next step, so backend times in one step look alike', () => {
    for (const elapsed of [EVEN_FLOOR_MS + 1, EVEN_FLOOR_MS + 120, EVEN_FLOOR_MS + EVEN_STEP_MS])
      expect(elapsed + evenDelay(elapsed)).toBe(EVEN_FLOOR_MS + EVEN_STEP_MS);
    expect(EVEN_FLOOR_MS + EVEN_STEP_MS + 1 + evenDelay(EVEN_FLOOR_MS + EVEN_STEP_MS + 1)).toBe(EVEN_FLOOR_MS + 2 * EVEN_STEP_MS);
  });
});
