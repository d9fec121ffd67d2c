import { describe, expect, it } from 'vitest';
import { readPhone, usNumber } from '../../src/domain/phone';
import { INVALID_PHONE } from '../../src/domain/sms';
import { MobileNumberSchema } from '../../src/domain/sms-request';
import { LANGUAGES } from '../../src/domain/catalogue';
import { CATALOGUES } from '../../src/domain/catalogue/all';
import { downloadPath, randomLinkId, smsBody, smsTimestamp } from '../../src/domain/sms-template';

/** What the island sends: the 10 digits, or nothing for a number it refuses. */
const digitsOf = (read: ReturnType<typeof readPhone>) => ('digits' in read ? read.digits : null);

describe('phone numbers', () => {
  it('accepts 10 digits, or 11 with a leading 1, however they are written', () => {
    for (const v of ['5595550100', '(559) 555-0100', '+1 559 555 0100', '1-559-555-0100'])
      expect(MobileNumberSchema.parse(v)).toBe('5595550100');
  });

  it.each(['', '559555010', '(559) 555-010', '25595550100', '559555010012', 'call me', '+44 20 7946 0958'])(
    'refuses %j with the spec message',
    (v) => {
      const r = MobileNumberSchema.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(INVALID_PHONE);
    },
  );

  it('gives the island the same answer as the server schema, without a schema library', () => {
    for (const v of [
      '5595550100',
      '+1 559 555 0100',
      '',
      '559555010',
      '25595550100',
      'call me',
      `${'5'.repeat(10)}${' '.repeat(31)}`,
      5595550100,
      null,
    ]) {
      const r = MobileNumberSchema.safeParse(v);
      expect(digitsOf(readPhone(v))).toBe(r.success ? r.data : null);
    }
    expect(MobileNumberSchema.safeParse(undefined).error?.issues[0]?.message).toBe(INVALID_PHONE);
  });

  it('strips a country code only when it is 1', () => {
    expect(usNumber('15595550100')).toBe('5595550100');
    expect(usNumber('25595550100')).toBeNull();
  });
});

describe('the SMS template', () => {
  it('writes the date and time as MM/D/YYYY, H:mm:ss', () => {
    expect(smsTimestamp(new Date('2026-03-05T16:04:09Z'), 'UTC')).toBe('03/5/2026, 16:04:09');
    expect(smsTimestamp(new Date('2026-11-22T08:00:00Z'), 'UTC')).toBe('11/22/2026, 8:00:00');
    expect(smsTimestamp(new Date('2026-01-01T07:30:00Z'), 'America/Los_Angeles')).toBe('12/31/2025, 23:30:00');
  });

  it('uses the bill-pay wording with the link', () => {
    expect(smsBody('bill-pay', 'https://papaya.test/s/abcdefghij', '03/5/2026, 16:04:09')).toBe(
      'Click here to finish paying your bill with Papaya: https://papaya.test/s/abcdefghij Reply HELP for help 03/5/2026, 16:04:09',
    );
  });

  it('ends the download wording with the date, time and link', () => {
    expect(smsBody('download', 'https://papaya.test/s/k', '03/5/2026, 16:04:09')).toMatch(
      /03\/5\/2026, 16:04:09: https:\/\/papaya\.test\/s\/k$/,
    );
  });

  it('adds a random 7-character identifier to download links', () => {
    const id = randomLinkId();
    expect(id).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(randomLinkId()).not.toBe(id);
    expect(downloadPath({ source: 'p', payeeId: '1001', payeeName: 'Valley Medical Group', linkId: id })).toBe(
      `/download?s=p&t=pe&c=sms&p=1001&n=Valley+Medical+Group&token=${id}`,
    );
    expect(downloadPath({ source: 'w', linkId: id })).toBe(`/download?s=w&t=pn&c=sms&token=${id}`);
  });

  // GSM 03.38's basic alphabet: a text written only in it takes 160 characters a segment; one
  // character outside it (á, í, ó, ú among them) makes the whole text UCS-2, 70 a segment.
  const GSM7 =
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
  const longestLink = 'https://www.papayapay.com/s/AbCdEfGhIj';
  const longestTime = '12/31/2026, 23:59:59';

  for (const language of LANGUAGES)
    for (const kind of ['bill-pay', 'download'] as const)
      it(`fits the ${kind} text in one segment in ${language}`, () => {
        const body = smsBody(kind, longestLink, longestTime, CATALOGUES[language].sms);
        expect([...body].filter((ch) => !GSM7.includes(ch))).toEqual([]);
        expect(body.length).toBeLessThanOrEqual(160);
        expect(body).toContain(longestLink);
        expect(body).toContain(longestTime);
      });

  it('texts a Spanish visitor in Spanish', () => {
    expect(smsBody('bill-pay', 'https://papaya.test/s/abcdefghij', '03/5/2026, 16:04:09', CATALOGUES.es.sms)).toBe(
      'Termine de pagar su factura con Papaya: https://papaya.test/s/abcdefghij Responda HELP para ayuda 03/5/2026, 16:04:09',
    );
  });
});
