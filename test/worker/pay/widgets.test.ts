import { describe, expect, it } from 'vitest';
import { ANDROID, codeScriptTags, DESKTOP, visibleText } from '../helpers';
import { embeddedEnv, request } from '../origin-helpers';

const as = (ua: string): RequestInit => ({ headers: { 'User-Agent': ua } });

describe('pay widgets', () => {
  it.each(['/pay-widget?name=valleymed', '/pay-widget-imaginepay-button', '/pay-widget-restore-tab?name=valleymed'])(
    '%s may be framed by partners only, with no navigation or footer',
    async (path) => {
      const res = await request(embeddedEnv(), path, as(DESKTOP));
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Security-Policy')).toContain('frame-ancestors https://partner.example');
      expect(res.headers.get('X-Frame-Options')).toBeNull();
      expect(res.headers.get('Set-Cookie')).toBeNull();
      const html = await res.text();
      expect(html).not.toContain('aria-label="Main"');
      expect(html).not.toContain('class="site-footer"');
      expect(codeScriptTags(html)).toHaveLength(1);
    },
  );

  it('shows the payee, the phone form, the rating and the review count on desktop', async () => {
    const html = await (await request(embeddedEnv(), '/pay-widget?name=valleymed', as(DESKTOP))).text();
    const text = visibleText(html);
    expect(text).toContain('Pay Valley Medical Group with Papaya');
    expect(text).toContain('Mobile number');
    expect(text).toContain('4.8');
    expect(text).toContain('30k+ user reviews');
    expect(html).toContain('&quot;payeeId&quot;:&quot;1001&quot;');
  });

  it('gives phones the Pay Now button with a download link for the widget', async () => {
    const html = await (await request(embeddedEnv(), '/pay-widget?name=valleymed', as(ANDROID))).text();
    expect(visibleText(html)).toContain('Pay Now');
    expect(visibleText(html)).not.toContain('Mobile number');
    expect(html).toMatch(
      /&quot;downloadUrl&quot;:&quot;https:\/\/papaya\.test\/download\?s=w&amp;t=pe&amp;c=sms&amp;p=1001&amp;n=Valley\+Medical\+Group&amp;token=[A-Za-z0-9]{7}&quot;/,
    );
  });

  it('the button variant is a Pay Now button alone', async () => {
    const text = visibleText(await (await request(embeddedEnv(), '/pay-widget-imaginepay-button', as(DESKTOP))).text());
    expect(text).toContain('Pay Now');
    expect(text).not.toContain('Mobile number');
  });

  it('the restore-tab variant has a clickable logo that opens Papaya in a new tab', async () => {
    const html = await (await request(embeddedEnv(), '/pay-widget-restore-tab', as(DESKTOP))).text();
    expect(html).toMatch(/<a class="widget-logo" href="https:\/\/papaya\.test\/download" target="_blank" rel="noopener">/);
  });

  it('an unknown or malformed payee name gives the general widget, never an error', async () => {
    for (const name of ['nobody-here', '<script>', 'x'.repeat(100)]) {
      const res = await request(embeddedEnv(), `/pay-widget?name=${encodeURIComponent(name)}`, as(DESKTOP));
      expect(res.status).toBe(200);
      expect(visibleText(await res.text())).toContain('Pay your bill with Papaya');
    }
  });
});
