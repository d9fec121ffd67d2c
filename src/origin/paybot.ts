/**
 * The external bot-check service (pay-pages spec §7): a form post of pbkey, commonBot, pid and
 * pname; the answer's first key names the bot, and its entries' keys become paybotFields.
 * Skipped (empty values) when PAYBOT_URL is not set or the service does not answer.
 */
export interface Paybot {
  paybotName: string;
  paybotFields: string;
}

/** Asks the service about one payment: its form key (the service's `pbkey`), the payee's bot and the payee. */
export async function checkPaybot(
  url: string,
  input: { formKey: string; commonBot: string; payeeId: string; payeeName: string },
  /** Told how long the service took, when it was asked. */
  waited: (ms: number) => void = () => undefined,
): Promise<Paybot> {
  if (!url) return { paybotName: '', paybotFields: '' };
  const wire = { pbkey: input.formKey, commonBot: input.commonBot, pid: input.payeeId, pname: input.payeeName };
  const started = performance.now();
  try {
    const res = await fetch(url, { method: 'POST', body: new URLSearchParams(wire), signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as Record<string, unknown>;
    const [name] = Object.keys(body);
    const entries = name ? body[name] : null;
    const keys = Array.isArray(entries)
      ? entries.map((e) => (e && typeof e === 'object' ? String((e as { key?: unknown }).key ?? '') : '')).filter(Boolean)
      : [];
    return { paybotName: (name ?? '').slice(0, 100), paybotFields: keys.join(':::').slice(0, 1000) };
  } catch {
    return { paybotName: '', paybotFields: '' };
  } finally {
    waited(performance.now() - started);
  }
}
