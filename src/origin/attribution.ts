import type { DeviceClass } from '../domain/device';

/** Query parameters of the download landing that are forwarded to the attribution service. */
export const DOWNLOAD_PARAMS = ['s', 't', 'p', 'n', 'co', 'c', 'token', 'qr'] as const;
export const ATTRIBUTION_TIMEOUT_MS = 1000;

/** The download landing's own parameters in `query`, each cut to 200 characters. */
export function downloadParams(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of DOWNLOAD_PARAMS) {
    const value = query.get(name);
    if (value) out.set(name, value.slice(0, 200));
  }
  return out;
}

/**
 * Records an app download with the attribution service as a phone is sent to its store (after the
 * answer). Waits at most one second; any failure is ignored, because the visitor gets the app anyway.
 */
export async function trackDownload(attributionUrl: string, query: URLSearchParams, device: DeviceClass): Promise<void> {
  if (!attributionUrl) return;
  let target: URL;
  try {
    target = new URL(attributionUrl);
  } catch {
    return;
  }
  for (const [name, value] of downloadParams(query)) target.searchParams.set(name, value);
  target.searchParams.set('device', device);
  try {
    const res = await fetch(target, { signal: AbortSignal.timeout(ATTRIBUTION_TIMEOUT_MS) });
    await res.body?.cancel();
  } catch {
    // Tracking is best effort.
  }
}
