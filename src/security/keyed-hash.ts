/**
 * HMAC-SHA256 with a secret of the site's: the signature of a form key, the name under which a
 * card is counted (PCI DSS 3.5.1.1: a keyed hash, never a plain one, never the number).
 */
/** Each secret's key: the import while it runs, then the key itself, used without waiting. */
const keys = new Map<string, CryptoKey | Promise<CryptoKey>>();
const encoder = new TextEncoder();

function keyFor(secret: string): CryptoKey | Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const importing = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, importing);
    void importing.then((k) => keys.set(secret, k)).catch(() => keys.delete(secret));
    key = importing;
  }
  return key;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Bytes as lowercase hex, two digits each. */
export function toHex(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const byte of view) text += HEX[byte]!;
  return text;
}

export async function keyedHash(secret: string, value: string): Promise<string> {
  return (await keyedHashes(secret, [value]))[0]!;
}

/** The keyed hashes of several values, made together. */
export async function keyedHashes(secret: string, values: readonly string[]): Promise<string[]> {
  const ready = keyFor(secret);
  const key = ready instanceof CryptoKey ? ready : await ready;
  const signatures = await Promise.all(values.map((value) => crypto.subtle.sign('HMAC', key, encoder.encode(value))));
  return signatures.map(toHex);
}

/** Whether `signature` (hex) is the keyed hash of `value`, compared in constant time. */
export async function keyedHashMatches(secret: string, value: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(signature.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', await keyFor(secret), bytes, encoder.encode(value));
}

/**
 * A secret the settings did not give, outside production: random for this isolate, so nothing
 * signed with it outlives the isolate and no value in the code base can forge it.
 */
const isolateSecrets = new Map<string, string>();
export function isolateSecret(name: string): string {
  let secret = isolateSecrets.get(name);
  if (!secret) {
    secret = toHex(crypto.getRandomValues(new Uint8Array(32)));
    isolateSecrets.set(name, secret);
  }
  return secret;
}
