import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import argon2 from 'argon2'

// Password input rules shared by the request schemas and the policy, and argon2id hashing. The
// policy itself (password-policy.ts) is loaded only by the policy worker: its dictionaries cost tens
// of MB, which the main thread never needs.

/** Longest password accepted, in code points. Longer ones are refused, never truncated. */
export const PASSWORD_MAX_LENGTH = 256

/**
 * Longest password field accepted as sent, in characters, checked by the request schema before any
 * work: NFKC can expand one character into 18 (U+FDFA), so normalising unbounded input would let one
 * request hold the event loop. Room enough for every password whose normalised form is within 256.
 */
export const PASSWORD_INPUT_MAX_LENGTH = 1024

/**
 * argon2id with 9 MiB, 4 passes, 1 lane (argon2's default 16-byte random salt): one of the settings
 * OWASP's Password Storage Cheat Sheet lists as equal in defence to its 19 MiB / 2-pass baseline,
 * trading memory for passes. It is also faster (the smaller block fits the CPU caches better; figures
 * in docs/performance.md), and each hash in flight holds half the memory, which libuv's
 * pool threads keep (see below). Hashes made with other settings still verify, and are re-hashed
 * with these at the next successful login.
 */
const PRODUCTION_ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 9_216,
  timeCost: 4,
  parallelism: 1,
  hashLength: 32,
} as const

/**
 * The test runner's setting: still argon2id with a random salt, at the smallest cost argon2 allows, so
 * the thousands of registrations and logins a test run makes cost next to nothing instead of most of
 * its CPU. Chosen only when NODE_ENV is `test` and this module runs from its TypeScript source (under
 * tsx, as the tests do): the built server, which is what runs in production, always hashes with
 * PRODUCTION_ARGON2_OPTIONS, whatever NODE_ENV says (test/e2e/server.test.ts checks a stored hash).
 */
const TEST_ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 8,
  timeCost: 1,
  parallelism: 1,
  hashLength: 32,
} as const

/** The setting this process hashes with. */
const ARGON2_OPTIONS =
  process.env['NODE_ENV'] === 'test' && import.meta.url.endsWith('.ts')
    ? TEST_ARGON2_OPTIONS
    : PRODUCTION_ARGON2_OPTIONS

/** NFKC form, so the same password typed precomposed or decomposed is the same password. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC')
}

/** Length in Unicode code points (an emoji counts once, not as two UTF-16 units). */
export function codePointLength(text: string): number {
  let length = 0
  for (const _ of text) length++
  return length
}

// argon2 runs in libuv's thread pool (4 threads), which file-system and DNS work share. Left alone, a
// burst of logins fills every pool thread with a 9 MiB hash: more memory at once and no faster on
// fewer cores, while other pool work waits behind it. At most one hash per core runs; the rest wait
// their turn in arrival order.
const HASHING_SLOTS = availableParallelism()
let hashesRunning = 0
const waitingForSlot: Array<() => void> = []

async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning < HASHING_SLOTS) hashesRunning += 1
  else await new Promise<void>((resolve) => waitingForSlot.push(resolve))
  try {
    return await work()
  } finally {
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    const next = waitingForSlot.shift()
    if (next) next()
    else hashesRunning -= 1
  }
}

/** Hashes a normalised password with argon2id off the event loop (libuv's thread pool). */
export function hashPassword(password: string): Promise<string> {
  return inHashingSlot(() => argon2.hash(password, ARGON2_OPTIONS))
}

/** Verifies a normalised password against a stored hash; false for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await inHashingSlot(() => argon2.verify(hash, password))
  } catch {
    return false
  }
}

/** True when a stored hash was made with weaker parameters than today's and should be replaced. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS)
  } catch {
    return true
  }
}

let dummyHash: Promise<string> | undefined

/**
 * A hash of a random secret, made once per process (at start-up, or by the first of the apps a test
 * process builds): an unknown email is verified against it so the answer takes as long as for a
 * known email, and timing does not reveal which accounts exist.
 */
export function createDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url')).catch((error: unknown) => {
    dummyHash = undefined
    throw error
  })
  return dummyHash
}
