import { randomUUID } from 'node:crypto'

// Session tokens as issued and presented. Their stored form (hashToken) is in
// token-hashes.ts, beside the memo of recent hashes that must answer the same.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A new session token: a version 4 UUID from the CSPRNG (122 random bits). */
export function newSessionToken(): string {
  return randomUUID()
}

/** True when a presented token has the shape of one we issue; anything else is rejected unhashed. */
export function isWellFormedToken(token: string): boolean {
  return token.length === 36 && UUID_V4.test(token)
}
