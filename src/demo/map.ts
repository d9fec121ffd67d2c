/**
 * The local demo's map: every page of both specs with the demo payees, tokens and codes the
 * embedded origin seeds (contract §6), as the demo index at `/` lists them. A path here must
 * answer on the embedded origin; the link audit (test/worker/shell/link-audit.test.ts) starts
 * from every one of them.
 */

import type { Language } from '../domain/catalogue';

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
