import { createHash } from 'node:crypto'
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import type { RateLimitConfig } from '../config.js'
import type { Db } from '../db/database.js'
import { ApiError } from '../errors.js'
import { deleteCounter, hitCounter, readCounter } from '../rate-limits/rate-limits.queries.js'

// Rate limits count in the database, not in process memory, so several instances behind a load
// balancer enforce one limit together.

/** A @fastify/rate-limit store backed by the `rate_limits` table. */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now()
      hitCounter(db, `ip:${key}`, timeWindow, now).then(
        (counter) => {
          callback(null, { current: counter.count, ttl: Math.max(0, counter.resetAt - now) })
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)))
        },
      )
    }

    child(): FastifyRateLimitStore {
      return this
    }
  }
}

function retryAfterSeconds(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000))
}

/** Registers @fastify/rate-limit (opt-in per route) with the shared store and the error envelope. */
export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    // The IETF draft's RateLimit-Limit / -Remaining / -Reset names (documented in the OpenAPI document).
    enableDraftSpec: true,
    store: databaseStore(app.db),
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', `Too many attempts from this address; retry in ${context.after}`),
  })
})

/** Route `config.rateLimit` for registration and login: one shared budget per client address. */
export function authAttemptsPerIp(limit: RateLimitConfig): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.windowMs, groupId: ':auth' }
}

function failureKey(email: string): string {
  // Hashed so the counters table holds no addresses.
  return `login-failures:${createHash('sha256').update(email).digest('hex')}`
}

/** Throws 429 with Retry-After when an email has had too many failed password checks recently. */
export async function assertPasswordAttemptsAllowed(
  db: Db,
  email: string,
  limit: RateLimitConfig,
): Promise<void> {
  const now = Date.now()
  const counter = await readCounter(db, failureKey(email), now)
  if (counter.count >= limit.max) {
    const seconds = retryAfterSeconds(counter.resetAt, now)
    throw new ApiError(
      'RATE_LIMITED',
      `Too many failed attempts for this account; retry in ${seconds}s`,
      undefined,
      {
        'retry-after': String(seconds),
      },
    )
  }
}

/** Counts one failed password check for an email. */
export async function recordPasswordFailure(db: Db, email: string, limit: RateLimitConfig): Promise<void> {
  await hitCounter(db, failureKey(email), limit.windowMs, Date.now())
}

/** Forgets an email's failed password checks after a success. */
export async function clearPasswordFailures(db: Db, email: string): Promise<void> {
  await deleteCounter(db, failureKey(email))
}

/**
 * Counts one use of an allowance (e.g. reset mails per email) and throws 429 with Retry-After once
 * the window's budget is spent. `key` should not contain personal data in clear (hash it).
 */
export async function consumeAllowance(
  db: Db,
  key: string,
  limit: RateLimitConfig,
  what: string,
): Promise<void> {
  const now = Date.now()
  const counter = await hitCounter(db, key, limit.windowMs, now)
  if (counter.count > limit.max) {
    const seconds = retryAfterSeconds(counter.resetAt, now)
    throw new ApiError('RATE_LIMITED', `Too many ${what}; retry in ${seconds}s`, undefined, {
      'retry-after': String(seconds),
    })
  }
}

/** A rate-limit key part for an email address that keeps the address itself out of the table. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('hex')
}
