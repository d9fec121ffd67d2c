/**
 * HMAC-SHA256 with a secret of the site's: the signature of a form key, the name under which a
 * card is counted (PCI DSS 3.5.1.1: a keyed hash, never a plain one, never the number).
 */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function keyedHash(secret: string, value: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', await keyFor(secret), new TextEncoder().encode(value)));
}

/** Whether `signature` (hex) is the keyed hash of `value`, compared in constant time. */
export async function keyedHashMatches(secret: string, value: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(signature.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', await keyFor(secret), bytes, new TextEncoder().encode(value));
}

/**
 * A secret the settings did not give, outside production: random for this isolate, so nothing
 * signed with it outlives the isolate and no value in the code base can forge it.
 */
const isolateSecrets = new Map<string, string>();
export function isolateSecret(name: string): string {
  let secret = isolateSecrets.get(name);
  if (!secret) {
    secret = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
    isolateSecrets.set(name, secret);
  }
  return secret;
}
