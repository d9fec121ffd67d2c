import type { Language } from '../domain/catalogue';
import type { ForeignPage } from '../domain/site';
import type { ChartId, ChartWords } from '../domain/dev-charts';
import type { DemoText } from './map';

/** What production serves at each path of the legacy site (src/domain/site.ts), as the demo says it. */
export const IN_PRODUCTION: Readonly<Record<ForeignPage['path'], DemoText>> = {
  '/': { en: "the marketing site's home page", es: 'la página de inicio del sitio de Papaya' },
  '/home': {
    en: "the marketing site's home page, where index.php leads",
    es: 'la página de inicio del sitio de Papaya, adonde lleva index.php',
  },
  '/about': { en: 'About Papaya', es: 'Acerca de Papaya' },
  '/partners': { en: 'Papaya for billers, with a contact form', es: 'Papaya para facturadores, con un formulario de contacto' },
  '/contact': { en: 'the contact form', es: 'el formulario de contacto' },
  '/careers': { en: 'open positions', es: 'los puestos de trabajo disponibles' },
  '/how-it-works': { en: 'how paying a bill with Papaya works', es: 'cómo se paga una factura con Papaya' },
  '/brand-kit': {
    en: "Papaya's brand kit, for companies (?company) and for the USPS (?usps)",
    es: 'el kit de marca de Papaya, para empresas (?company) y para el Servicio Postal (?usps)',
  },
  '/postcard': { en: 'the postcard campaign page', es: 'la página de la campaña de tarjetas postales' },
  '/call': { en: 'the call campaign page', es: 'la página de la campaña de llamadas' },
  '/biller': {
    en: "the billers' panel, where get-paid leads a biller who is done",
    es: 'el panel de los facturadores, adonde lleva la página para recibir pagos a un facturador que terminó',
  },
  '/payment/biller/biller.php': {
    en: "the backend's payment page for a billing partner (?p= and its payee id), where the pay page sends one on a computer",
    es: 'la página de pago del sistema de Papaya para un socio de facturación (?p= y su número de beneficiario), adonde la página de pago lo envía desde una computadora',
  },
};

/** The words of the demo index and of the pages that stand in for the legacy site's. */
export const DEMO_WORDS = {
  en: {
    title: 'Papaya local demo',
    intro:
      "This site runs on its embedded origin with demo data: nothing is charged and no text message leaves this computer. In production, this address is the marketing site's home page.",
    devices:
      "Phones get other answers than computers on the pay and download pages. To see them, open a page in your browser's device mode as an iPhone or an Android phone: the pay pages send phones to web pay while the {flag} flag is on, and the download page sends each phone to its own store.",
    from: 'From the {source}.',
    cards: 'Test cards',
    cardsHint: 'Any future expiry date; any security code unless noted.',
    paid: 'Paid',
    declined: 'Declined: "{message}"',
    anyCard: 'any card, {cvv}',
    elsewhere: 'Served elsewhere in production',
    servedBy: 'Served by {site} in production',
    marketing: 'the marketing site',
    backend: "Papaya's backend",
    inProduction: 'In production, {path} is {production}. This local demo runs without that site, so there is nothing more to show here.',
    back: 'Back to the demo index',
    chartsTitle: 'What the site recorded',
    chartsIntro:
      "The events this local site recorded, a minute at a time, as the operators' indicators read them in production (docs/operations.md). Each page view you make here adds to them; a page left sends its Web Vitals.",
    chartsNone: 'Nothing recorded yet: open a few pages, pay with a demo card, then come back.',
    chartsMinute: 'Minute (UTC)',
    chartsThreshold: 'Threshold: {threshold}',
    chartsSource: 'From: {source}',
  },
  es: {
    title: 'Demostración local de Papaya',
    intro:
      'Este sitio funciona con su sistema incorporado y datos de demostración: no se cobra nada y ningún mensaje de texto sale de esta computadora. En producción, esta dirección es la página de inicio del sitio de Papaya.',
    devices:
      'En las páginas de pago y de descarga, los teléfonos reciben otras respuestas que las computadoras. Para verlas, abra una página en el modo de dispositivo de su navegador como un iPhone o un teléfono Android: las páginas de pago envían los teléfonos al pago web mientras la opción {flag} está activada, y la página de descarga envía cada teléfono a su propia tienda.',
    from: 'De la {source}.',
    cards: 'Tarjetas de prueba',
    cardsHint: 'Cualquier fecha de vencimiento futura; cualquier código de seguridad, salvo que se indique otra cosa.',
    paid: 'Pagada',
    declined: 'Rechazada: "{message}"',
    anyCard: 'cualquier tarjeta, {cvv}',
    elsewhere: 'En producción, en otro sitio',
    servedBy: 'En producción, lo ofrece {site}',
    marketing: 'el sitio de Papaya',
    backend: 'el sistema de Papaya',
    inProduction:
      'En producción, {path} es {production}. Esta demostración local funciona sin ese sitio, así que aquí no hay nada más que mostrar.',
    back: 'Volver al índice de la demostración',
    chartsTitle: 'Lo que registró el sitio',
    chartsIntro:
      'Los eventos que registró este sitio local, minuto a minuto, como los leen los indicadores de los operadores en producción (docs/operations.md). Cada página que abre aquí se suma; una página que deja envía sus Web Vitals.',
    chartsNone: 'Todavía no se registró nada: abra algunas páginas, pague con una tarjeta de prueba y vuelva.',
    chartsMinute: 'Minuto (UTC)',
    chartsThreshold: 'Umbral: {threshold}',
    chartsSource: 'Fuente: {source}',
  },
} satisfies Record<Language, Record<string, string>>;

/** What each local chart (`/_dev/charts`) says of itself: its title, the indicator's threshold and the events it is drawn from. */
export const CHART_WORDS = {
  en: {
    payments: {
      title: 'Payments a minute',
      threshold: 'failed payments at most 0.5 % (indicator 1); declines are the bank’s answers, counted by reason (indicator 2)',
      source: 'payment events, by outcome',
    },
    errors: {
      title: 'Errors a minute',
      threshold: 'backend calls at most 0.5 % bad (indicator 3); islands that did not start at most 1 %',
      source: 'answer events of status 500 or more, backend events not ok, browserError events',
    },
    lcp: {
      title: 'p75 LCP by version',
      threshold: 'good at most 2.5 s (web.dev); a canary at most 500 ms over the serving version',
      source: 'vitals events, lcp',
    },
    inp: { title: 'p75 INP by version', threshold: 'good at most 200 ms (web.dev)', source: 'vitals events, inp' },
  },
  es: {
    payments: {
      title: 'Pagos por minuto',
      threshold: 'pagos fallidos como máximo 0,5 % (indicador 1); los rechazos son respuestas del banco, contados por motivo (indicador 2)',
      source: 'eventos payment, por resultado',
    },
    errors: {
      title: 'Errores por minuto',
      threshold: 'llamadas al sistema como máximo 0,5 % con error (indicador 3); islas que no arrancaron como máximo 1 %',
      source: 'eventos answer con estado 500 o más, eventos backend con error, eventos browserError',
    },
    lcp: {
      title: 'LCP p75 por versión',
      threshold: 'bueno como máximo 2,5 s (web.dev); una versión canaria como máximo 500 ms por encima de la que sirve',
      source: 'eventos vitals, lcp',
    },
    inp: { title: 'INP p75 por versión', threshold: 'bueno como máximo 200 ms (web.dev)', source: 'eventos vitals, inp' },
  },
} satisfies Record<Language, Record<ChartId, ChartWords>>;
