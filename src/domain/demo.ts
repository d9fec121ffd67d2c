/**
 * The local demo's map: every page of both specs with the demo payees, tokens and codes the
 * embedded origin seeds (contract §6), as the demo index at `/` lists them. A path here must
 * answer on the embedded origin; the link audit (test/worker/shell/link-audit.test.ts) starts
 * from every one of them.
 */

import type { Language } from './catalogue';
import type { ForeignPage } from './site';
import { DECLINE_MESSAGES } from './declines';

/**
 * A text of the demo index, in every language of the site. The demo's words live here, with the
 * demo, and not in the site's catalogues: the production build leaves the demo out.
 */
export type DemoText = Readonly<Record<Language, string>>;

export interface DemoLink {
  path: string;
  /** What the page shows with this demo data. */
  what: DemoText;
}

export interface DemoSection {
  title: DemoText;
  /** Where the section comes from: a specification document or the contract. */
  source: DemoText;
  links: DemoLink[];
}

export const DEMO_SECTIONS: DemoSection[] = [
  {
    title: { en: 'Pay a bill by card on the web', es: 'Pagar una factura con tarjeta en la web' },
    source: { en: 'spec: public pay pages', es: 'especificación: páginas públicas de pago' },
    links: [
      {
        path: '/web-payment',
        what: {
          en: 'Find a provider by name (try "valley"), confirm it, then pay',
          es: 'Busque un proveedor por su nombre (pruebe "valley"), confírmelo y pague',
        },
      },
      {
        path: '/web-payment?p=1001',
        what: {
          en: 'Valley Medical Group: date of birth asked, every card taken',
          es: 'Valley Medical Group: pide la fecha de nacimiento y acepta todas las tarjetas',
        },
      },
      {
        path: '/web-payment?p=1007',
        what: {
          en: 'Cedar Valley Hospital: account CV and 6 digits, date of service, billing ZIP, no American Express or Discover, a fee',
          es: 'Cedar Valley Hospital: cuenta CV y 6 dígitos, fecha del servicio, código postal de facturación, sin American Express ni Discover, con cargo',
        },
      },
      {
        path: '/web-payment?p=1009&ib=1',
        what: {
          en: 'Acme Staffing Inc: the company version, with invoice numbers',
          es: 'Acme Staffing Inc: la versión para empresas, con números de factura',
        },
      },
      {
        path: '/web-payment?p=1005',
        what: {
          en: 'Northside Imaging takes no web payments: its text-me-a-link form instead',
          es: 'Northside Imaging no acepta pagos en la web: en su lugar, el formulario para recibir el enlace por mensaje de texto',
        },
      },
      {
        path: '/web-payment-multi-option/harborhealth',
        what: {
          en: 'Harbor Health Partners: patient bill or company invoice',
          es: 'Harbor Health Partners: factura de paciente o factura de empresa',
        },
      },
      { path: '/financing?PAYEE_NAME=valleymed', what: { en: 'Payment plan options', es: 'Opciones de plan de pagos' } },
    ],
  },
  {
    title: { en: 'Text me a link', es: 'Enviarme un enlace por mensaje de texto' },
    source: { en: 'spec: public pay pages', es: 'especificación: páginas públicas de pago' },
    links: [
      {
        path: '/pay',
        what: {
          en: 'The plain form (on a phone: sent to web pay while the pay-wpbp-redirect flag is on)',
          es: 'El formulario simple (en un teléfono: va al pago web mientras la opción pay-wpbp-redirect está activada)',
        },
      },
      {
        path: '/valleymed',
        what: { en: "A provider's own page, by its short code", es: 'La página propia de un proveedor, por su código corto' },
      },
      { path: '/pay?p=lakeside', what: { en: 'A payee named by query', es: 'Un beneficiario indicado en la consulta' } },
      {
        path: '/pay?oid=1002',
        what: { en: 'Lakeside Family Clinic by id: the plain form', es: 'Lakeside Family Clinic por su número: el formulario simple' },
      },
      { path: '/pay/pinecrest', what: { en: 'Pinecrest Pediatrics, by path', es: 'Pinecrest Pediatrics, por la ruta' } },
      {
        path: '/pay-now?p=valleymed',
        what: {
          en: 'The same page under another name (also /pay-contactless and /pay-demo)',
          es: 'La misma página con otro nombre (también /pay-contactless y /pay-demo)',
        },
      },
      {
        path: '/harborhealth',
        what: { en: 'A multi-option provider: on to its choice page', es: 'Un proveedor con varias opciones: a su página para elegir' },
      },
      {
        path: '/metrowater',
        what: {
          en: "A billing partner: on to the backend's biller page",
          es: 'Un socio de facturación: a la página del facturador en el sistema de Papaya',
        },
      },
      {
        path: '/pay?p=smartsource',
        what: {
          en: 'A special name: the form on a computer, web pay on a phone',
          es: 'Un nombre especial: el formulario en una computadora, el pago web en un teléfono',
        },
      },
      {
        path: '/no-such-provider',
        what: {
          en: 'An unknown payee: the not-found page, with the form',
          es: 'Un beneficiario desconocido: la página de no encontrado, con el formulario',
        },
      },
    ],
  },
  {
    title: { en: 'Widgets and verification', es: 'Widgets y verificación' },
    source: { en: 'spec: public pay pages', es: 'especificación: páginas públicas de pago' },
    links: [
      { path: '/pay-widget?name=valleymed', what: { en: 'The embeddable widget', es: 'El widget para insertar en otros sitios' } },
      { path: '/pay-widget-imaginepay-button?name=valleymed', what: { en: "A partner's pay button", es: 'El botón de pago de un socio' } },
      { path: '/pay-widget-restore-tab?name=valleymed', what: { en: 'The restore tab', es: 'La pestaña para restaurar' } },
      {
        path: '/merchant-verification',
        what: {
          en: 'Provider/Biller Verification (also /confirmation and /newpartner)',
          es: 'Verificación de proveedor o facturador (también /confirmation y /newpartner)',
        },
      },
    ],
  },
  {
    title: { en: 'Accounts, links from emails and texts', es: 'Cuentas y enlaces de correos y mensajes de texto' },
    source: { en: 'spec: landing, onboarding and shell', es: 'especificación: páginas de inicio, registro y estructura' },
    links: [
      {
        path: '/update-password?x=RESET-VALID',
        what: { en: 'Choose a new password (works once)', es: 'Elegir una contraseña nueva (funciona una vez)' },
      },
      { path: '/update-password?x=RESET-EXPIRED', what: { en: 'An expired reset link', es: 'Un enlace para restablecer vencido' } },
      {
        path: '/update-password?x=RESET-MISMATCH',
        what: { en: 'A reset link for another account', es: 'Un enlace para restablecer de otra cuenta' },
      },
      {
        path: '/update-info-request?t=INFO-AMOUNT',
        what: { en: 'Bill info: confirm an amount increase', es: 'Datos de la factura: confirmar un aumento del monto' },
      },
      {
        path: '/update-info-request?t=INFO-DEADLINE',
        what: { en: 'Bill info: confirm before a deadline', es: 'Datos de la factura: confirmar antes de una fecha límite' },
      },
      {
        path: '/update-info-request?t=INFO-FEE',
        what: { en: 'Bill info: confirm an increase with a fee', es: 'Datos de la factura: confirmar un aumento con un cargo' },
      },
      {
        path: '/update-info-request?t=INFO-FIELDS',
        what: { en: "Bill info: the biller's questions", es: 'Datos de la factura: las preguntas del facturador' },
      },
      {
        path: '/getpaid',
        what: {
          en: 'Get paid: access codes ACCESS1 (no account yet) and ACCESS2 (has one)',
          es: 'Recibir pagos: códigos de acceso ACCESS1 (todavía sin cuenta) y ACCESS2 (con cuenta)',
        },
      },
      { path: '/getpaid?i=MTAwMQ==', what: { en: 'Get paid from an invite', es: 'Recibir pagos desde una invitación' } },
      {
        path: '/pay-later',
        what: {
          en: 'Pay later (open while PAY_LATER_UNTIL is in the future; member@example.com enrols)',
          es: 'Pagar más tarde (abierto mientras PAY_LATER_UNTIL esté en el futuro; member@example.com se inscribe)',
        },
      },
      {
        path: '/account-link?code=demo&scope=email&state=demo',
        what: { en: 'An email account linked', es: 'Una cuenta de correo vinculada' },
      },
      {
        path: '/account-link?error=access_denied&state=demo',
        what: { en: 'An email account not linked', es: 'Una cuenta de correo no vinculada' },
      },
      { path: '/member-signup?ad=2', what: { en: 'The membership waitlist', es: 'La lista de espera de la membresía' } },
    ],
  },
  {
    title: { en: 'Getting the app', es: 'Obtener la aplicación' },
    source: { en: 'spec: landing, onboarding and shell', es: 'especificación: páginas de inicio, registro y estructura' },
    links: [
      {
        path: '/download',
        what: {
          en: 'Download the app (a phone goes straight to its store)',
          es: 'Descargar la aplicación (un teléfono va directo a su tienda)',
        },
      },
      { path: '/appsFlyer/landing', what: { en: 'Get the app, by a button', es: 'Obtener la aplicación con un botón' } },
      {
        path: '/pay-appclip',
        what: {
          en: 'The app clip page (on test.localhost, a test environment, it waits 20 s)',
          es: 'La página del App Clip (en test.localhost, un entorno de prueba, espera 20 s)',
        },
      },
    ],
  },
  {
    title: { en: 'Legal pages', es: 'Páginas legales' },
    source: { en: 'spec: landing, onboarding and shell', es: 'especificación: páginas de inicio, registro y estructura' },
    links: [
      {
        path: '/embedded/termsofservice',
        what: {
          en: 'Terms of service (add ?headerless for the framed version)',
          es: 'Términos del servicio (agregue ?headerless para la versión dentro de un marco)',
        },
      },
      { path: '/embedded/privacy', what: { en: 'Privacy policy', es: 'Política de privacidad' } },
      { path: '/embedded/billpay-termsofservice', what: { en: 'Bill Pay terms', es: 'Términos de Bill Pay' } },
    ],
  },
  {
    title: { en: 'For developers', es: 'Para desarrolladores' },
    source: { en: 'contract §6', es: 'contrato §6' },
    links: [
      {
        path: '/_dev/outbox',
        what: {
          en: 'The texts the site would have sent (JSON, newest first)',
          es: 'Los mensajes de texto que el sitio habría enviado (JSON, el más reciente primero)',
        },
      },
      {
        path: '/_dev/metrics',
        what: {
          en: 'The events the site recorded for its operators (JSON, newest first)',
          es: 'Los eventos que el sitio registró para sus operadores (JSON, el más reciente primero)',
        },
      },
      {
        path: '/_dev/payments',
        what: {
          en: 'The payments the demo backend charged or declined: brand and last four digits only (JSON, newest first)',
          es: 'Los pagos que el backend de demostración cobró o rechazó: solo la marca y los últimos cuatro dígitos (JSON, el más reciente primero)',
        },
      },
    ],
  },
];

/**
 * The contract's test cards (§6), as the embedded origin answers them like a processor's test
 * mode: every valid card number is charged except these, and any card with the security code 000.
 */
export const DECLINED_TEST_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': DECLINE_MESSAGES.declined,
  '4000000000009995': DECLINE_MESSAGES.insufficientFunds,
  '4000000000000069': DECLINE_MESSAGES.expired,
};
export const WRONG_CODE_CVV = '000';
export const WRONG_CODE = DECLINE_MESSAGES.securityCode;

export interface DemoCard {
  card: string;
  /** Not a card number: any card with this security code. */
  anyCard?: true;
  /** Paid, or declined with the message the embedded origin answers (the backend's own words). */
  declined?: string;
}

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The test cards as the demo index lists them. */
export const DEMO_CARDS: DemoCard[] = [
  { card: '4242 4242 4242 4242' },
  ...Object.entries(DECLINED_TEST_CARDS).map(([digits, message]) => ({ card: grouped(digits), declined: message })),
  { card: `CVV ${WRONG_CODE_CVV}`, anyCard: true, declined: WRONG_CODE },
];

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
  },
} satisfies Record<Language, Record<string, string>>;
