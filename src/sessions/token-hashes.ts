import { hash, randomInt } from 'node:crypto'

// A session token's stored form (its SHA-256) and the memo that spares hashing it again on each of a
// client's requests. One file, because the memo must answer exactly what hashToken answers: the two
// change together. Issuing tokens and checking their shape stay in tokens.ts.

/** SHA-256 of the token, hex: the only form in which a token is stored or looked up. */
export function hashToken(token: string): string {
  // The one-shot form: every authenticated request hashes, and a Hash object costs more than SHA-256.
  return hash('sha256', token, 'hex')
}

/**
 * Constant-time comparison of two secrets of one shape (token hashes, tokens): every character is
 * compared, whatever differs (only a difference in length answers at once). Over the strings
 * themselves, since decoding both into buffers for `timingSafeEqual` would cost more than hashing the
 * token, on every authenticated request.
 */
export function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/** Most tokens whose hash is kept: one entry is two short strings (about 200 bytes). */
const TOKEN_HASHES_MAX = 10_000

/**
 * The hashes of tokens presented in the last `lifeMs`, so a client's requests in quick succession
 * hash its token once rather than each time. SHA-256 through OpenSSL is the largest single cost of
 * an authenticated request answered from the session cache, so hashing once per token rather than
 * once per request is worth the memory (docs/performance.md).
 *
 * Entries are found by a number derived from the token with a key drawn at start-up (so a client
 * cannot aim its guesses at an entry's slot), and a found entry's token is compared in constant time
 * with the one presented, as the session's hash is. Tokens are held only in this process's memory, for
 * `lifeMs` and at most one sweep more (an interval timer drops older entries every `lifeMs`, at most ten
 * times a second; `close` drops them all), about as long as a request's own headers may stay in its heap
 * anyway; the database still holds hashes only.
 */
export class TokenHashes {
  readonly #entries = new Map<number, { token: string; hash: string; at: number }>()
  readonly #lifeMs: number
  readonly #key: number
  readonly #sweeper: NodeJS.Timeout

  /** `key` picks the slots (a random one unless a test fixes it). */
  constructor(lifeMs: number, key = randomInt(1, 2 ** 31)) {
    this.#lifeMs = lifeMs
    this.#key = key
    // At most ten sweeps a second, however short the life (SESSION_CACHE may be 1 ms).
    this.#sweeper = setInterval(
      () => {
        this.#dropOlderThan(Date.now() - this.#lifeMs)
      },
      Math.max(lifeMs, 100),
    )
    this.#sweeper.unref()
  }

  /** `hashToken(token)`, from memory when the same token was hashed less than `lifeMs` ago. */
  of(token: string, now: number): string {
    const slot = tokenSlot(token, this.#key)
    const entry = this.#entries.get(slot)
    if (entry !== undefined && now - entry.at < this.#lifeMs && equalInConstantTime(entry.token, token)) {
      return entry.hash
    }
    const hashed = hashToken(token)
    // Re-inserted last, so the Map stays in the order of hashing and the oldest go first.
    this.#entries.delete(slot)
    if (this.#entries.size >= TOKEN_HASHES_MAX) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(slot, { token, hash: hashed, at: now })
    return hashed
  }

  /** How many tokens are held now. */
  get size(): number {
    return this.#entries.size
  }

  /** Forgets every token (on shutdown). */
  close(): void {
    clearInterval(this.#sweeper)
    this.#entries.clear()
  }

  #dropOlderThan(cutoff: number): void {
    for (const [slot, entry] of this.#entries) {
      if (entry.at > cutoff) return // in order of hashing: the rest are younger
      this.#entries.delete(slot)
    }
  }
}

/**
 * Where `TokenHashes` keeps a token: a 30-bit number (a small integer to V8, so a Map key without an
 * allocation) from the token under the cache's key, by FNV-1a's step. Two tokens sharing a slot only
 * cost a hash: the second one's token does not match, so it is hashed and takes the slot.
 */
export function tokenSlot(token: string, key: number): number {
  let slot = key
  for (let index = 0; index < token.length; index++) {
    slot = Math.imul(slot ^ token.charCodeAt(index), 0x01000193)
  }
  return slot >>> 2
}
