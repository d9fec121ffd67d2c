import type { Catalogue } from './en';

/**
 * Words a visitor reads, in Spanish (es-US), key by key as in `en.ts`: plain words for patients,
 * addressing the visitor as "usted", with the terms US healthcare sites use (factura, pago,
 * número de cuenta, proveedor).
 */
export const es: Catalogue = {
  smsForm: {
    label: 'Número de celular',
    placeholder: '(555) 555-5555',
    submit: 'Enviarme un enlace',
    sending: 'Enviando...',
    sent: '¡Listo! Revise su teléfono: le enviamos un mensaje de texto',
    tryAgain: 'Intentar de nuevo',
    finePrint: 'Le enviaremos un enlace seguro por mensaje de texto. Pueden aplicarse tarifas de mensajes y datos.',
    invalidPhone: 'Ingrese un número de celular válido',
    humanCheckFailed: 'Confirme que no es un robot y vuelva a intentarlo.',
    sendFailed: 'No pudimos enviar el mensaje de texto. Vuelva a intentarlo.',
    offline: 'Parece que no tiene conexión a internet. Revise su conexión y vuelva a intentarlo.',
  },
  payWidget: {
    payNow: 'Pagar ahora',
    redirecting: 'Abriendo la tienda de aplicaciones',
    reviews: 'Más de 30 mil opiniones de usuarios',
    closing: 'Pague su factura en minutos desde su teléfono, de forma segura y sin necesidad de crear una cuenta para empezar.',
  },
};
