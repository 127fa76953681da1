import { createHash } from 'node:crypto'
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { RateLimitConfig } from '../config.js'
import type { Db } from '../db/database.js'
import { ApiError } from '../errors.js'
import { deleteCounter, deleteCountersByPrefix, findCounter, hitCounter } from './rate-limits.queries.js'
import { logSecurityEvent } from '../security-events.js'
import { callerOf } from '../http/caller.js'
import { clientAddressKey } from '../http/client-address.js'

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
      hitCounter(db, key, timeWindow, now).then(
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
    // Per address unless a route counts per account (perUserLimit).
    keyGenerator: (request: FastifyRequest) => `ip:${clientAddressKey(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', `Too many attempts from this address; retry in ${context.after}`),
  })
})

/** Route `config.rateLimit` for registration and login: one shared budget per client address. */
export function authAttemptsPerIp(limit: RateLimitConfig): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.windowMs, groupId: ':auth' }
}

/**
 * Route `config.rateLimit` for a per-account quota (e.g. posts per minute): counted for the signed-in
 * caller once authentication and the request's schema have passed (so a 401 or a malformed request
 * spends nothing), one budget per `group` shared by the routes that name it. Every answer carries the
 * RateLimit headers; a refusal is a 429 with Retry-After and a `quota.exceeded` security event.
 */
export function perUserLimit(limit: RateLimitConfig, group: string, what: string): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    groupId: `:${group}`,
    hook: 'preHandler',
    keyGenerator: (request) => `user:${callerOf(request).userId}`,
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', `Too many ${what}; retry in ${context.after}`),
    onExceeded: (request) => {
      logSecurityEvent(request.log, 'quota.exceeded', { userId: callerOf(request).userId }, { quota: group })
    },
  }
}

/** Who is trying a password: the account's (normalised) email and the client's address. */
export interface PasswordAttempt {
  email: string
  clientAddress: string
}

/** The two limits on password attempts: per (email, address) pair, and per email from anywhere. */
export interface PasswordAttemptLimits {
  perEmailAndAddress: RateLimitConfig
  perEmail: RateLimitConfig
}

// Hashed so the counters table holds no addresses (neither email nor IP). Every counter of one email
// starts with its per-email key, so all of them can be forgotten at once.
function emailAttemptsKey(email: string): string {
  return `login-failures:${createHash('sha256').update(email).digest('hex')}`
}

function attemptKeys(attempt: PasswordAttempt): { pair: string; email: string } {
  const email = emailAttemptsKey(attempt.email)
  const client = clientAddressKey(attempt.clientAddress)
  const pairHash = createHash('sha256').update(`${attempt.email}\n${client}`).digest('hex')
  return { pair: `${email}:${pairHash}`, email }
}

function tooManyAttempts(resetAt: number, now: number): ApiError {
  const seconds = retryAfterSeconds(resetAt, now)
  return new ApiError(
    'RATE_LIMITED',
    `Too many failed attempts for this account; retry in ${seconds}s`,
    undefined,
    { 'retry-after': String(seconds) },
  )
}

/**
 * Counts a password attempt before the password is verified, and throws 429 with Retry-After when it
 * is over the (email, address) pair's limit. Each count is one atomic statement, so parallel guesses
 * cannot all slip through between a read and a write. The pair is counted first and a client refused
 * there never reaches the per-email counter: one address cannot lock the owner out from everywhere
 * else. Over the per-email ceiling the 429 is returned rather than thrown: the caller refuses with it
 * before verifying, or (a login) only once the password proved wrong.
 */
export async function countPasswordAttempt(
  db: Db,
  attempt: PasswordAttempt,
  limits: PasswordAttemptLimits,
): Promise<ApiError | undefined> {
  const keys = attemptKeys(attempt)
  const now = Date.now()
  const pair = await hitCounter(db, keys.pair, limits.perEmailAndAddress.windowMs, now)
  if (pair.count > limits.perEmailAndAddress.max) throw tooManyAttempts(pair.resetAt, now)
  const email = await hitCounter(db, keys.email, limits.perEmail.windowMs, now)
  return email.count > limits.perEmail.max ? tooManyAttempts(email.resetAt, now) : undefined
}

/** Forgets an email's counted attempts (both counters) after a successful check. */
export async function forgetPasswordAttempts(db: Db, attempt: PasswordAttempt): Promise<void> {
  const keys = attemptKeys(attempt)
  await deleteCounter(db, keys.pair)
  await deleteCounter(db, keys.email)
}

/** Forgets every counted attempt on an email, from every address (after a password reset). */
export async function forgetAllPasswordAttempts(db: Db, email: string): Promise<void> {
  await deleteCountersByPrefix(db, emailAttemptsKey(email))
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
  if (counter.count > limit.max) throw allowanceSpent(what, counter.resetAt, now)
}

/**
 * Throws what `consumeAllowance` would once the allowance is spent, without counting: a cheap refusal
 * before costly work (a password hash), for an allowance that is counted only when that work succeeds.
 */
export async function refuseSpentAllowance(
  db: Db,
  key: string,
  limit: RateLimitConfig,
  what: string,
): Promise<void> {
  const now = Date.now()
  const counter = await findCounter(db, key, now)
  if (counter && counter.count >= limit.max) throw allowanceSpent(what, counter.resetAt, now)
}

function allowanceSpent(what: string, resetAt: number, now: number): ApiError {
  const seconds = retryAfterSeconds(resetAt, now)
  return new ApiError('RATE_LIMITED', `Too many ${what}; retry in ${seconds}s`, undefined, {
    'retry-after': String(seconds),
  })
}

/** `clientAddressKey` hashed, for counters that outlive a request and so should hold no address. */
export function hashedClientAddressKey(ip: string): string {
  return createHash('sha256').update(clientAddressKey(ip)).digest('hex')
}

/** A rate-limit key part for an email address that keeps the address itself out of the table. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('hex')
}
