import { MAX_FORM_BYTES } from '../../../src/web/validate';
import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '../../../src/domain/password';
import { INVALID_EMAIL } from '../../../src/domain/messages';
import { INVALID_PHONE, SMS_SUCCESS, tooManyTexts } from '../../../src/domain/sms';
import { DESKTOP, islandProps, visibleText } from '../helpers';
import { embeddedEnv, freshClient, TEST_PAYMENT, postForm, request, outbox, inputValue, resetPost } from '../origin-helpers';
import { en } from '../../../src/domain/catalogue/en';

const { mismatch: MISMATCH, changed: PASSWORD_CHANGED } = en.passwordReset;

describe('text-me-a-link without script', () => {
  it('a page takes its own forms only, and no body larger than the API takes (one limit for both doors)', async () => {
    const sent = (await outbox()).length;
    // Another page's form posted here is not this page's: the not-found page, nothing carried out.
    const other = await postForm('/valleymed', { _form: 'payment', step: 'payer' });
    expect(other.status).toBe(404);
    const huge = await postForm('/valleymed', { _form: 'sms', num: '5595550199', pad: 'x'.repeat(MAX_FORM_BYTES) });
    expect(huge.status).toBe(413);
    expect((await outbox()).length).toBe(sent);
    // Just under the limit, the form is read and checked (a wrong number: the page again, nothing sent).
    const fits = await postForm('/valleymed', { _form: 'sms', num: '123', pad: 'x'.repeat(MAX_FORM_BYTES - 1024) });
    expect(fits.status).toBe(400);
    expect((await outbox()).length).toBe(sent);
  });

  it('the form is a real post to the page itself, with what the Worker needs to send', async () => {
    const html = await (await request(embeddedEnv(), '/valleymed', { headers: { 'User-Agent': DESKTOP } })).text();
    const form = /<form[^>]*data-sms-form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(html).toMatch(/<input type="hidden" name="_form" value="sms"\/>/);
    expect(html).toMatch(/<input type="hidden" name="payeeId" value="1001"\/>/);
  });

  it('a good number is texted, and the answer is a 303 to the page, which then says so', async () => {
    const before = (await outbox()).length;
    const res = await postForm('/valleymed', { _form: 'sms', source: 'p', payeeId: '1001', num: '(559) 555-0142' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/valleymed?done=sms');
    const sent = await outbox();
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.to).toBe('5595550142');
    const page = await request(embeddedEnv(), '/valleymed?done=sms', { headers: { 'User-Agent': DESKTOP } });
    const html = await page.text();
    expect(visibleText(html)).toContain(SMS_SUCCESS);
    expect(html).toContain('<a href="/valleymed" class="link-button">Try Again</a>');
  });

  it('a wrong number draws the page again with the message at the field and the number kept; nothing is sent', async () => {
    const before = (await outbox()).length;
    const res = await postForm('/pay?p=valleymed', { _form: 'sms', source: 'p', payeeId: '1001', num: '555-01' });
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(visibleText(html)).toContain(INVALID_PHONE);
    expect(inputValue(html, 'num')).toBe('555-01');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="num"|<input[^>]*name="num"[^>]*aria-invalid="true"/);
    expect(islandProps(html, 'sms-form')).toMatchObject({ posted: { form: 'sms', values: { num: '555-01' } } });
    expect(await outbox()).toHaveLength(before);
    // The page drawn again runs its scripts: their nonce is its policy's.
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1];
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('from another site, the post is refused and nothing is sent', async () => {
    const before = (await outbox()).length;
    const res = await postForm('/valleymed', { _form: 'sms', source: 'p', num: '(559) 555-0143' }, freshClient(), 'cross-site');
    expect(res.status).toBe(403);
    expect(await outbox()).toHaveLength(before);
  });

  it('past the limit, the page says to wait, with Retry-After, and keeps the number', async () => {
    const client = freshClient();
    let res: Response | undefined;
    for (let i = 0; i < 11; i++) res = await postForm('/pay', { _form: 'sms', source: 'p', num: `(559) 555-02${10 + i}` }, client);
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get('Retry-After'))).toBeGreaterThan(0);
    const html = await res!.text();
    expect(visibleText(html)).toMatch(/Too many texts were requested\. Please try again in \d+ minutes?\./);
    expect(tooManyTexts(600)).toContain('Too many texts');
    expect(inputValue(html, 'num')).toBe('(559) 555-0220');
  });

  it('the not-found page and the widget post the same way', async () => {
    const missing = await postForm('/no-such-page-here', { _form: 'sms', source: '4', num: '(559) 555-0144' });
    expect(missing.status).toBe(303);
    expect(missing.headers.get('Location')).toBe('/no-such-page-here?done=sms');
    const widget = await postForm('/pay-widget?name=valleymed', { _form: 'sms', source: 'w', payeeId: '1001', num: '(559) 555-0145' });
    expect(widget.status).toBe(303);
    const page = await request(embeddedEnv(), widget.headers.get('Location')!, { headers: { 'User-Agent': DESKTOP } });
    expect(visibleText(await page.text())).toContain(SMS_SUCCESS);
  });
});

describe('a new password without script', () => {
  const page = '/update-password?x=RESET-VALID';

  it('the form posts the token and both passwords to the page', async () => {
    const html = await (await request(embeddedEnv(), page, { headers: { 'User-Agent': DESKTOP } })).text();
    expect(/<form[^>]*class="reset-form"[^>]*>/.exec(html)?.[0]).toContain('method="post"');
    expect(html).toContain('<input type="hidden" name="x" value="RESET-VALID"/>');
    expect(html).toMatch(/name="np"/);
    expect(html).toMatch(/name="confirm"/);
    // Not disabled: pressed before both rules hold, it says which one is missing (aria-disabled tells a screen reader).
    expect(html).not.toMatch(/<button type="submit"[^>]*\sdisabled=/);
  });

  it.each([
    ['too short', 'short', 'short', PASSWORD_TOO_SHORT],
    ['not matching', 'long enough 1', 'long enough 2', PASSWORDS_DIFFER],
  ])('a password %s is refused at its field; the passwords are not written back', async (_label, np, confirm, message) => {
    const res = await postForm(page, { _form: 'reset', x: 'RESET-VALID', np, confirm });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="reset-error"[^>]*role="alert">${message}`));
    expect(html).not.toContain(np);
  });

  it('a good password is changed: a 303 to the page, which says so', async () => {
    const res = await postForm(...resetPost('RESET-VALID'));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/update-password?x=RESET-VALID&done=reset');
    const done = await request(embeddedEnv(), res.headers.get('Location')!, { headers: { 'User-Agent': DESKTOP } });
    expect(visibleText(await done.text())).toContain(PASSWORD_CHANGED);
  });

  it('a link for another account shows the mismatch view', async () => {
    const res = await postForm(...resetPost('RESET-MISMATCH'));
    expect(res.status).toBe(200);
    expect(visibleText(await res.text())).toContain(MISMATCH);
  });

  it('a link that expired shows the expired view, on the save that tried it', async () => {
    const expired = '/update-password?x=RESET-EXPIRED';
    const form = await request(embeddedEnv(), expired, { headers: { 'User-Agent': DESKTOP } });
    expect(visibleText(await form.text())).toContain(PASSWORD_TOO_SHORT);
    const res = await postForm(...resetPost('RESET-EXPIRED'));
    expect(res.status).toBe(200);
    const text = visibleText(await res.text());
    expect(text).toContain('This link has expired');
    expect(text).not.toContain(PASSWORD_TOO_SHORT);
  });
});

describe('web payment without script', () => {
  const page = '/web-payment?p=1001';
  const { ccn: _ccn, cvv: _cvv, exp, billName, zip, addr1, city, state, ...payer } = TEST_PAYMENT;
  const cardDetails = { exp, billName, zip, addr1, city, state };
  const keyIn = (html: string) => inputValue(html, 'formKey') ?? '';

  it('the form posts to the page, naming its step and carrying the key the page issued', async () => {
    const html = await (await request(embeddedEnv(), page, { headers: { 'User-Agent': DESKTOP } })).text();
    expect(/<form[^>]*class="wp-form"[^>]*>/.exec(html)?.[0]).toContain('method="post"');
    expect(inputValue(html, '_form')).toBe('payment');
    expect(inputValue(html, 'step')).toBe('payer');
    expect(keyIn(html)).toMatch(/^1001-/);
  });

  it('a wrong first step is drawn again with each message at its field and every value kept', async () => {
    const res = await postForm(page, { _form: 'payment', step: 'payer', ...payer, email: 'jane@', amount: '' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(inputValue(html, 'step')).toBe('payer');
    expect(visibleText(html)).toContain(INVALID_EMAIL);
    expect(inputValue(html, 'email')).toBe('jane@');
    expect(inputValue(html, 'patientName')).toBe('Jane Doe');
  });

  it('a good first step leads to the card step, the payer carried in the form', async () => {
    const res = await postForm(page, { _form: 'payment', step: 'payer', ...payer });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(inputValue(html, 'step')).toBe('card');
    expect(html).toContain('<input type="hidden" name="patientName" value="Jane Doe"/>');
    expect(html).toContain('<input type="hidden" name="account" value="A-1001"/>');
    expect(html).toMatch(/name="ccn"/);
    expect(html).not.toMatch(/<fieldset[^>]*disabled[^>]*>\s*<legend><span class="wp-step__number">2/);
  });

  it('the key the page was drawn with goes on through the first step and back to it, wrong or right: no step takes a fresh one', async () => {
    const key = keyIn(await (await request(embeddedEnv(), page, { headers: { 'User-Agent': DESKTOP } })).text());
    const wrong = await postForm(page, { _form: 'payment', step: 'payer', formKey: key, ...payer, email: 'jane@' });
    expect(keyIn(await wrong.text())).toBe(key);
    const right = await postForm(page, { _form: 'payment', step: 'payer', formKey: key, ...payer });
    expect(keyIn(await right.text())).toBe(key);
    const edit = await postForm(page, { _form: 'payment', step: 'edit', formKey: key, ...payer });
    expect(keyIn(await edit.text())).toBe(key);
    // Something else where a key belongs is never written into the page: the page takes a key of its own.
    const forged = await postForm(page, { _form: 'payment', step: 'edit', formKey: '"><script>', ...payer });
    const drawn = await forged.text();
    expect(drawn).not.toContain('"><script>');
    expect(keyIn(drawn)).toMatch(/^1001-/);
  });

  it('a decline: the message at the card field, a new key, the card typed again; then a corrected card pays, with a 303 to the receipt', async () => {
    const client = freshClient();
    const first = await (await request(embeddedEnv(), page, { headers: { 'User-Agent': DESKTOP } })).text();
    const key = keyIn(first);
    const declined = await postForm(
      page,
      { _form: 'payment', step: 'card', formKey: key, ...payer, ...cardDetails, ccn: '4000 0000 0000 0002', cvv: '123' },
      client,
    );
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(inputValue(html, 'step')).toBe('card');
    expect(html).toMatch(/id="wp-ccn-error"[^>]*>Your card was declined\.</);
    expect(html).not.toContain('4000 0000 0000 0002');
    expect(html).not.toMatch(/name="cvv"[^>]*value="123"/);
    expect(inputValue(html, 'billName')).toBe('Jane Doe');
    const newKey = keyIn(html);
    expect(newKey).toMatch(/^1001-/);
    expect(newKey).not.toBe(key);

    // Dates typed as bare digits (a phone's number pad, no script) pay too.
    const paid = await postForm(
      page,
      {
        _form: 'payment',
        step: 'card',
        formKey: newKey,
        ...payer,
        payDOB: '01311980',
        ...cardDetails,
        exp: '1230',
        ccn: '4242 4242 4242 4242',
        cvv: '737',
      },
      client,
    );
    expect(paid.status).toBe(303);
    const receipt = paid.headers.get('Location')!;
    expect(receipt).toMatch(/\/receipt\//);
    expect((await request(embeddedEnv(), receipt, { headers: { 'User-Agent': DESKTOP } })).status).toBe(200);
  });
  it('a wrong security code: the message at the code, asking for the card number again, which the page never shows; then it pays', async () => {
    const client = freshClient();
    const first = await (await request(embeddedEnv(), page, { headers: { 'User-Agent': DESKTOP } })).text();
    const card = { _form: 'payment', step: 'card', ...payer, ...cardDetails, ccn: '5555 5555 5555 4444' };
    const declined = await postForm(page, { ...card, formKey: keyIn(first), cvv: '000' }, client);
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toMatch(/id="wp-cvv-error"[^>]*>The security code is incorrect\. For your security, type the card number again too\.</);
    // Announced once, by the error summary at the top of the step, whose link leads to the field.
    expect(html).toMatch(
      /class="error-summary" role="alert"[^]*<a href="#wp-cvv">Security Code \(CVV\): The security code is incorrect\. For your security/,
    );
    expect(html).toMatch(/id="wp-cvv"[^>]*aria-invalid="true"[^>]*aria-describedby="wp-cvv-error wp-cvv-hint"/);
    expect(html).toMatch(/id="wp-ccn-error"[^>]*><\/p>/);
    expect(html).not.toContain('5555 5555 5555 4444');
    expect(html).not.toMatch(/name="(ccn|cvv)"[^>]*value="[^"]/);
    expect(visibleText(html)).toContain('There was a problem saving your payment: The security code is incorrect.');
    const paid = await postForm(page, { ...card, formKey: keyIn(html), cvv: '123' }, client);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toMatch(/\/receipt\//);
  });

  it('in Spanish, the page asks for the card number again in Spanish', async () => {
    const first = await (await request(embeddedEnv(), `${page}&lang=es`, { headers: { 'User-Agent': DESKTOP } })).text();
    const card = { _form: 'payment', step: 'card', ...payer, ...cardDetails, ccn: '5555 5555 5555 4444', cvv: '000' };
    const html = await (await postForm(`${page}&lang=es`, { ...card, formKey: keyIn(first) }, freshClient())).text();
    expect(html).toMatch(
      /id="wp-cvv-error"[^>]*>El código de seguridad es incorrecto\. Por su seguridad, vuelva a escribir también el número de tarjeta\.</,
    );
  });
});
