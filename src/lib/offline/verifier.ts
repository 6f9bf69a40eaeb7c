/**
 * Offline unlock's password verifier (docs/design.md §6): PBKDF2-SHA256 with a random 16-byte salt and
 * OWASP's iteration count, 256 bits derived. Only the derived bits are stored, never the password,
 * and the comparison takes the same time whatever bytes differ.
 */
export const PBKDF2_ITERATIONS = 310_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface Verifier {
  salt: Uint8Array;
  hash: Uint8Array;
  iterations: number;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function createVerifier(password: string, iterations = PBKDF2_ITERATIONS): Promise<Verifier> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { salt, hash: await derive(password, salt, iterations), iterations };
}

export async function checkPassword(password: string, v: Verifier): Promise<boolean> {
  const hash = await derive(password, v.salt, v.iterations);
  if (hash.length !== v.hash.length) return false;
  let diff = 0;
  for (let i = 0; i < hash.length; i++) diff |= hash[i] ^ v.hash[i];
  return diff === 0;
}
