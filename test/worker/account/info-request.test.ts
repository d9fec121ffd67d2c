import { describe, expect, it } from 'vitest';
import { DESKTOP, scriptTags, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, injectFault, request, resetStandIn, standInCalls } from '../origin-helpers';

const SUFFIX = 'Please try again later. If this keeps happening, please contact Papaya.';
const get = async (path: string, e = embeddedEnv()) => {
  const res = await request(e, path, { headers: { 'User-Agent': DESKTOP } });
  return { res, html: await res.text() };
};

describe('/update-info-request', () => {
  it('without a token says the token is invalid', async () => {
    const { html } = await get('/update-info-request');
    expect(visibleText(html)).toContain(`Invalid token. ${SUFFIX}`);
    expect(scriptTags(html)).toEqual([]);
  });

  it('the API refuses answers with an empty field, before the backend hears of them (spec 001 §5)', async () => {
    await resetStandIn();
    const res = await request(httpEnv(), '/api/update_info_request.php?t=INFO-FIELDS', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fields: [
          { type: 'input', name: 'Policy number', placeholder: '', value: 'P-1' },
          { type: 'input', name: 'Member id', placeholder: '', value: '   ' },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Please check the highlighted fields.', fields: { 'fields.1.value': 'Required' } });
    expect(await standInCalls()).toEqual([]);
  });

  it('a token the backend does not know says the token is invalid, on either origin', async () => {
    expect(visibleText((await get('/update-info-request?t=INFO-NONE')).html)).toContain(`Invalid token. ${SUFFIX}`);
    expect(visibleText((await get('/update-info-request?t=INFO-NONE', httpEnv())).html)).toContain(`Invalid token. ${SUFFIX}`);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await request(embeddedEnv(), '/api/update_info_request.php?t=INFO-NONE', {
        method,
        ...(method === 'POST'
          ? {
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ fields: [{ type: 'input', name: 'Amount', placeholder: '', value: '1' }] }),
            }
          : {}),
      });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({ error: 'Invalid token.', fields: { t: 'Invalid token.' } });
    }
  });

  it('a failed call gives the retrieval error', async () => {
    await resetStandIn();
    await injectFault('/api/update_info_request.php', 'status-503');
    expect(visibleText((await get('/update-info-request?t=INFO-FEE', httpEnv())).html)).toContain(`Error retrieving info. ${SUFFIX}`);
    await resetStandIn();
  });

  it.each(['INFO-DEADLINE', 'INFO-AMOUNT', 'INFO-FEE', 'INFO-FIELDS'])('%s draws its request, never cached', async (t) => {
    const { res, html } = await get(`/update-info-request?t=${t}`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(html).toContain('data-island="info-request"');
  });

  it('shows an amount increase old and new, side by side', async () => {
    const text = visibleText((await get('/update-info-request?t=INFO-AMOUNT')).html);
    expect(text).toContain('The amount of your bill went up');
    expect(text).toContain('$120.00 → changes to $135.50');
  });

  it('shows the fields to fill in, with a Submit that works before any script (empty fields are refused at their field)', async () => {
    const { html } = await get('/update-info-request?t=INFO-FIELDS');
    expect(visibleText(html)).toContain('Account number');
    expect(visibleText(html)).toContain('Name on the account');
    expect(html).toMatch(/<button type="submit" class="button">Submit<\/button>/);
  });
});
