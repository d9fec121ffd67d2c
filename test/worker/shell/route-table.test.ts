import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS, stubOutbound, visibleText, visit } from '../helpers';
import { ROUTE_TABLE as built } from '../routes';

describe('route table', () => {
  // Phones on /download are tracked before their redirect; the tracker answers quickly here.
  beforeEach(() => stubOutbound(vi, () => new Response(null, { status: 204 })));
  afterEach(() => vi.restoreAllMocks());

  it.each(built.map(([path, ua, e]) => [path, LABELS[ua], ua, e] as const))('%s for a %s visitor', async (path, _label, ua, expected) => {
    const res = await visit(path, { ua });
    expect(res.status).toBe(expected.status);
    if (expected.location !== undefined) {
      const location = res.headers.get('Location') ?? '';
      if (expected.location instanceof RegExp) expect(location).toMatch(expected.location);
      else expect(location).toBe(expected.location);
    }
    const body = visibleText(await res.text());
    if (expected.text) expect(body).toContain(expected.text);
  });
});
