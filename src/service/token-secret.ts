// service/token-secret.ts: token secrets: minting (`xaat-` + 32 random bytes, base64url), hashing
// (SHA-256, the only form ever stored) and the one constant-time comparison of hashes. No other
// module compares secrets or hashes; nothing here logs or keeps a secret.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** Prefix of API token secrets; the Axiom clients recognise tokens by it. */
export const TOKEN_PREFIX = 'xaat-'

/** A fresh secret: `xaat-` + 32 random bytes in base64url (43 characters). */
export function mintSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url')
}

/** SHA-256 of a secret, hex. A fast hash is right: the secret has 256 bits of entropy. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** Constant-time equality of two hex hashes; false (never a throw) when the lengths differ. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  if (x.length !== y.length || x.length === 0) return false
  return timingSafeEqual(x, y)
}
