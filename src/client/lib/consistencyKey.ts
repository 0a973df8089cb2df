/** 256 bits: as many as the HMAC-SHA-256 key the engine derives each pseudonym key from. */
const KEY_BYTES = 32;

/**
 * A new consistency key: 32 bytes from the browser's cryptographic generator, written as
 * base64url without padding (43 characters of A–Z, a–z, 0–9, '-' and '_'). That alphabet survives
 * copying into a password manager, a note or a shell without quoting, and is shorter than hex.
 */
export function generateConsistencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
