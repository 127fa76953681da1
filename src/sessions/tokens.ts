import { hash, randomUUID, timingSafeEqual } from 'node:crypto'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A new session token: a version 4 UUID from the CSPRNG (122 random bits). */
export function newSessionToken(): string {
  return randomUUID()
}

/** True when a presented token has the shape of one we issue; anything else is rejected unhashed. */
export function isWellFormedToken(token: string): boolean {
  return token.length === 36 && UUID_V4.test(token)
}

/** SHA-256 of the token, hex: the only form in which a token is stored or looked up. */
export function hashToken(token: string): string {
  // The one-shot form: every authenticated request hashes, and a Hash object costs more than SHA-256.
  return hash('sha256', token, 'hex')
}

/** Constant-time comparison of two token hashes. */
export function tokenHashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
