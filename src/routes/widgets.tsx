import { smsForm } from './pay';
import { SMS_FORM } from '../domain/islands';
import type { Context } from 'hono';
import { Hono } from '../lib/hono';
import { humanCheckSiteKey } from '../settings/config';
import { PROVIDER_CODE } from '../domain/payee-resolution';
import type { WidgetVariant } from '../domain/site';
import { downloadPath, randomLinkId } from '../domain/sms-template';
import { WidgetPage } from '../pages/widget';
import type { AppEnv } from '../web/app-env';
import { chosenLanguage } from '../web/words';
import { renderPage } from '../web/render';
import { pageWithForm } from '../web/form-post';
import { redirectPolicy } from '../security/redirect-targets';

/** The embeddable widgets; their frame-ancestors come from WIDGET_FRAME_ANCESTORS. */
export const widgetRoutes = new Hono<AppEnv>();

async function widget(c: Context<AppEnv>, variant: WidgetVariant): Promise<Response> {
  const name = c.req.query('name') ?? '';
  let payee: { payeeId: string; payeeName: string } | null = null;
  if (PROVIDER_CODE.test(name)) {
    // A widget never shows an error inside a partner's page: an unknown or unreachable payee
    // gives the general widget.
    const lookup = await c.get('origin').cachedPayeeByUrl(name);
    if (lookup.ok && lookup.value) payee = lookup.value;
  }
  const { siteOrigin } = redirectPolicy(c.get('config'), c.req.url);
  const downloadUrl = `${siteOrigin}${downloadPath({
    source: 'w',
    payeeId: payee?.payeeId,
    payeeName: payee?.payeeName,
    linkId: randomLinkId(),
    language: chosenLanguage(c),
  })}`;
  return renderPage(
    c,
    <WidgetPage
      variant={variant}
      mobile={c.get('device') !== 'desktop'}
      payeeId={payee?.payeeId}
      payeeName={payee?.payeeName}
      downloadUrl={downloadUrl}
      siteUrl={`${siteOrigin}/download`}
      humanCheckSiteKey={humanCheckSiteKey(c.get('config'))}
    />,
    // A partner's page chooses the widget's language with `?lang=es` in the frame's address.
    {},
  );
}

pageWithForm(widgetRoutes, '/pay-widget', (c) => widget(c, 'widget'), { [SMS_FORM]: smsForm });
pageWithForm(widgetRoutes, '/pay-widget-imaginepay-button', (c) => widget(c, 'button'), { [SMS_FORM]: smsForm });
pageWithForm(widgetRoutes, '/pay-widget-restore-tab', (c) => widget(c, 'restore-tab'), { [SMS_FORM]: smsForm });
