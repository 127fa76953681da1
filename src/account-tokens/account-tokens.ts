import { createHash, randomBytes } from 'node:crypto'

// Tokens sent by mail (password reset, email verification, email change and its cancellation): 32
// random bytes in base64url. Only their SHA-256 is stored; the token itself exists in the mail and
// nowhere else.

const EMAILED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** A new emailed token: 256 random bits, base64url (43 characters). */
export function newEmailedToken(): string {
  return randomBytes(32).toString('base64url')
}

/** True when a presented token has the shape of one we issue; anything else is refused unlooked-up. */
export function isWellFormedEmailedToken(token: string): boolean {
  return EMAILED_TOKEN_PATTERN.test(token)
}

/** SHA-256 of an emailed token, hex: the only form stored or looked up. */
export function hashEmailedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
