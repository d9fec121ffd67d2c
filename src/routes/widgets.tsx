import { smsForm } from './pay';
import { SMS_FORM } from '../domain/islands';
import type { Context } from 'hono';
import { Hono } from '../lib/hono';
import { humanCheckSiteKey } from '../settings/config';
import { widgetPayee } from '../features/payee';
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

/** A widget, for its payee when its `name` is one, with its link to the app. */
async function widget(c: Context<AppEnv>, variant: WidgetVariant): Promise<Response> {
  const payee = await widgetPayee(c, c.req.query('name') ?? '');
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
