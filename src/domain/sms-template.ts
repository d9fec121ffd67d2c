import { randomToken } from './random';

/** The text a visitor receives (pay-pages spec §9); the Worker composes it, never the browser. */

export type SmsKind = 'bill-pay' | 'download';

/** The 7-letter-or-digit identifier added to download links. */
export const randomLinkId = () => randomToken(7);

/** `MM/D/YYYY, H:mm:ss` in the given time zone (Pacific by default, where Papaya is). */
export function smsTimestamp(date: Date, timeZone = 'America/Los_Angeles'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year}, ${Number(parts.hour)}:${parts.minute}:${parts.second}`;
}

export interface DownloadLinkParams {
  /** Where the visitor asked: `w` pay widget, `4` not-found page, `h` home, `p` pay page. */
  source: 'w' | '4' | 'h' | 'p';
  payeeId?: string;
  payeeName?: string;
  linkId: string;
}

export function downloadPath({ source, payeeId, payeeName, linkId }: DownloadLinkParams): string {
  const params = new URLSearchParams({ s: source, t: payeeId ? 'pe' : 'pn', c: 'sms' });
  if (payeeId) params.set('p', payeeId);
  if (payeeName) params.set('n', payeeName);
  params.set('token', linkId);
  return `/download?${params}`;
}

export function smsBody(kind: SmsKind, link: string, sentAt: string): string {
  if (kind === 'bill-pay') return `Click here to finish paying your bill with Papaya: ${link} Reply HELP for help ${sentAt}`;
  return `Pay your bill in minutes with the Papaya app. Reply HELP for help. Sent ${sentAt}: ${link}`;
}
