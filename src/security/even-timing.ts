/**
 * Answers whose timing must not tell one case from another (a known email from an unknown one):
 * none is sent before `EVEN_FLOOR_MS` after the request began, and a slower one waits for the
 * next `EVEN_STEP_MS` mark, so what the backend does differently does not show in the clock.
 */
export const EVEN_FLOOR_MS = 600;
export const EVEN_STEP_MS = 300;

/** How long to wait, after `elapsedMs` of work, before answering. */
export function evenDelay(elapsedMs: number): number {
  const over = Math.max(0, elapsedMs - EVEN_FLOOR_MS);
  return EVEN_FLOOR_MS + Math.ceil(over / EVEN_STEP_MS) * EVEN_STEP_MS - elapsedMs;
}

export async function evenOut(startedAt: number): Promise<void> {
  const delay = evenDelay(Date.now() - startedAt);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}
