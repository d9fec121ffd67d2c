import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataset, embeddedEnv, formKeyFor, freshClient, json, outbox, TEST_PAYMENT, postForm, request, resetPost } from '../origin-helpers';

/**
 * A form posted without script is one request inside the Worker: the feature its API route calls
 * is called in the visitor's own request, never through the site again. What an operator sees:
 * one request id in every log line, one `answer` event, named by the form.
 */
afterEach(() => vi.restoreAllMocks());

const UUID = /"requestId":"([0-9a-f-]{36})"/g;

/** Posts a form with the events and log lines it leaves, and what an operator reads from them. */
async function posted(path: string, fields: Record<string, string>) {
  const lines: string[] = [];
  for (const level of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  const { binding, events } = dataset();
  const res = await postForm(path, fields, freshClient(), 'same-origin', embeddedEnv({ EVENTS: binding } as Partial<Env>));
  const body = await res.text();
  vi.restoreAllMocks();
  const recorded = events();
  return {
    res,
    body,
    recorded,
    answers: recorded.filter((e) => e.event === 'answer'),
    requestIds: new Set(lines.flatMap((line) => [...line.matchAll(UUID)].map((m) => m[1]))),
    requestLines: lines.filter((line) => line.includes('"msg":"request"')),
  };
}

function onePass(seen: Awaited<ReturnType<typeof posted>>, form: string, status: number) {
  expect(seen.res.status).toBe(status);
  expect(seen.answers, 'one answer event').toHaveLength(1);
  expect(seen.answers[0]).toMatchObject({ route: `form:${form}`, method: 'POST', status });
  expect(seen.requestLines, 'one request log line').toHaveLength(1);
  expect(seen.requestLines[0]).toContain('"method":"POST"');
  expect(seen.requestIds.size, 'one request id').toBe(1);
  // No request inside the Worker: no answer of the API's routes or of a page's GET.
  expect(seen.recorded.filter((e) => e.event === 'answer' && (e.method === 'GET' || String(e.route).includes('.php')))).toEqual([]);
}

describe('a form posted without script is one request inside the Worker', () => {
  const { ccn, cvv, ...rest } = TEST_PAYMENT;

  it('a card payment: one request to the receipt, the payment counted in it', async () => {
    const seen = await posted('/web-payment?p=1001', {
      _form: 'payment',
      step: 'card',
      formKey: await formKeyFor('1001'),
      ...rest,
      ccn,
      cvv,
    });
    onePass(seen, 'payment', 303);
    expect(seen.res.headers.get('Location')).toMatch(/^\/receipt\//);
    expect(seen.recorded).toContainEqual(expect.objectContaining({ event: 'payment', outcome: 'approved' }));
    expect(seen.recorded).toContainEqual(expect.objectContaining({ event: 'backend', call: 'payment_back', outcome: 'ok' }));
  });

  it('a declined card: the page drawn again in the same request, at the card step with a new key', async () => {
    const seen = await posted('/web-payment?p=1001', {
      _form: 'payment',
      step: 'card',
      formKey: await formKeyFor('1001'),
      ...rest,
      ccn: '4000 0000 0000 0002',
      cvv,
    });
    onePass(seen, 'payment', 402);
    expect(seen.body).toContain('Your card was declined.');
    expect(seen.recorded).toContainEqual(expect.objectContaining({ event: 'payment', outcome: 'declined' }));
  });

  it('text-me-a-link: one request sends the text and answers the 303; a wrong number is the page again', async () => {
    const before = (await outbox()).length;
    const sent = await posted('/valleymed', { _form: 'sms', source: 'p', payeeId: '1001', num: '+1 (559) 555-0199' });
    onePass(sent, 'sms', 303);
    expect(sent.recorded).toContainEqual(expect.objectContaining({ event: 'text', outcome: 'sent' }));
    // The link's cookie the send sets goes out with the 303.
    expect(sent.res.headers.getSetCookie().join('\n')).toContain('papaya_sms_link=');
    expect(await outbox()).toHaveLength(before + 1);

    const wrong = await posted('/valleymed', { _form: 'sms', source: 'p', payeeId: '1001', num: '555-01' });
    onePass(wrong, 'sms', 400);
    expect(wrong.body).toContain('value="555-01"');
  });

  it('a password reset: one request changes it; a link for another account is its view, drawn in the same request', async () => {
    const changed = await posted(...resetPost('RESET-VALID'));
    onePass(changed, 'reset', 303);
    expect(changed.recorded).toContainEqual(expect.objectContaining({ event: 'backend', call: 'forgot_password_back' }));

    const other = await posted(...resetPost('RESET-MISMATCH'));
    onePass(other, 'reset', 200);
  });

  it('a page is drawn for a POST only when its form asks: another post to it is the not-found page', async () => {
    expect((await request(embeddedEnv(), '/web-payment?p=1001', json({}))).status).toBe(404);
    const unknown = await postForm('/web-payment?p=1001', { _form: 'constructor' });
    expect(unknown.status).toBe(404);
    // A form-encoded post no page's form makes still reaches its own route.
    expect(await (await postForm('/_dev/reset', {})).json()).toEqual({ reset: true });
  });
});
