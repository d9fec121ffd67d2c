import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DESKTOP, islandProps, visibleText } from '../helpers';
import { embeddedEnv, httpEnv, injectFault, json, request, resetStandIn } from '../origin-helpers';

const props = (html: string) => islandProps(html, 'get-paid');
const get = async (path: string, e = embeddedEnv()) => (await request(e, path, { headers: { 'User-Agent': DESKTOP } })).text();

describe('/getpaid', () => {
  it('without an invite starts at the access view', async () => {
    const html = await get('/getpaid');
    expect(props(html)).toMatchObject({ view: 'access', billerPanelUrl: '/biller' });
    expect(visibleText(html)).toContain('Access code');
  });

  it('with an invite posts at once and opens the view the server names', async () => {
    const html = await get(`/getpaid?i=${btoa('1001')}`);
    expect(props(html)).toMatchObject({ view: 'inviteForm', session: { payeeName: 'Valley Medical Group', payeeId: '1001' } });
    expect(visibleText(html)).toContain('Statements you send a month');
  });

  it('a failed invite call shows the generic error view', async () => {
    await resetStandIn();
    await injectFault('/api/api_get_paid', 'status-500');
    const html = await get(`/getpaid?i=${btoa('1001')}`, httpEnv());
    expect(visibleText(html)).toContain('Oops something went wrong');
    expect(visibleText(html)).toContain('Please try again later or contact us at support@papayapay.com');
    await resetStandIn();
  });

  it('a sent invite form tells the team', async () => {
    const invite = await (
      await request(embeddedEnv(), '/api/api_get_paid/get_paid.php', json({ whichState: 'preEmail', i: btoa('1008') }))
    ).json<{ sessionToken: string }>();
    const res = await request(
      embeddedEnv(),
      '/api/api_get_paid/get_paid.php',
      json({
        whichState: 'inviteForm',
        sessionToken: invite.sessionToken,
        i: btoa('1008'),
        email: 'ap@pinecrest.example',
        statements: '11K-20K',
        fax: '',
      }),
    );
    expect(await res.json()).toMatchObject({ nextView: 'successKit' });
    const row = await env.DB.prepare('SELECT payload FROM team_emails ORDER BY id DESC LIMIT 1').first<{ payload: string }>();
    expect(JSON.parse(row!.payload)).toMatchObject({
      elist: 'getpaid',
      form: { email: 'ap@pinecrest.example', statements: '11K-20K', tactic: 'invite', page: '/getpaid' },
    });
  });
});
