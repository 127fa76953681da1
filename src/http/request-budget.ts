import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RateLimitConfig } from '../config.js'
import { ApiError } from '../errors.js'
import { logSecurityEvent } from '../security-events.js'
import { clientAddressKey } from './client-address.js'

// REQUEST_LIMIT: one budget of requests per client address over the whole API, so no single client
// can take an instance's capacity. Unlike the route quotas (rate-limits/rate-limits.ts) it lives in each
// instance's memory: it is consulted on every request, where a database round trip would cost more
// than most requests do. Behind K instances a client may therefore spend up to K budgets.

/** Most client addresses one instance tracks at once; past it the longest-tracked one is forgotten. */
const REQUEST_BUDGET_ADDRESSES_MAX = 100_000

/** Longest address text (an IPv4-mapped IPv6 address); anything longer is not an address. */
const ADDRESS_MAX_LENGTH = 45

/** The key shared by everything that is not an address (a forwarded header's junk, a closed socket). */
const NOT_AN_ADDRESS = 'not-an-address'

/** The sweep of full buckets runs once per window, and never more often than this. */
const SWEEP_INTERVAL_MIN_MS = 1000
const SWEEP_INTERVAL_MAX_MS = 60_000

declare module 'fastify' {
  interface FastifyRequest {
    /** Requests left in the caller's budget after this one (fractional); -1 = not counted. */
    requestBudgetTokens: number
  }
  interface FastifyContextConfig {
    /** `false`: the route's requests are not counted against REQUEST_LIMIT (health probes). */
    requestBudget?: boolean
  }
}

interface Bucket {
  /** Requests available at `updatedAt`; fractional, as the bucket refills continuously. */
  tokens: number
  updatedAt: number
  /** Whether its last request was refused, so a streak of refusals logs one security event. */
  refusing: boolean
}

/**
 * Token buckets per client address: each holds up to `max` requests and refills at `max` per window.
 * Memory stays bounded: a sweep once per window forgets the buckets that are full again (a new one
 * starts full, so nothing is lost), and past `addressesMax` the longest-tracked address is forgotten.
 */
export class RequestBudget {
  readonly max: number
  /** RateLimit-Limit's value, prepared once. */
  private readonly limitText: string
  private readonly msPerToken: number
  private readonly buckets = new Map<string, Bucket>()
  // Whether a route is exempt is known per plugin instance (`request.server`): a lookup per request,
  // where reading the route's config would build an object. An instance must not mix the two kinds.
  private readonly exemptInstances = new WeakSet<object>()
  private readonly countedInstances = new WeakSet<object>()

  constructor(
    limit: RateLimitConfig,
    private readonly addressesMax = REQUEST_BUDGET_ADDRESSES_MAX,
  ) {
    this.max = limit.max
    this.limitText = String(limit.max)
    this.msPerToken = limit.windowMs / limit.max
  }

  /** How many addresses are tracked now. */
  get addressesTracked(): number {
    return this.buckets.size
  }

  /**
   * The bucket key of a client address: IPv6 addresses grouped by their /64 and IPv4-mapped ones
   * read as IPv4, exactly as the route quotas count them (clientAddressKey).
   */
  keyOf(address: string | undefined): string {
    if (address === undefined || address.length > ADDRESS_MAX_LENGTH) return NOT_AN_ADDRESS
    return clientAddressKey(address)
  }

  /**
   * Spends one request from the bucket of `key` at `now` (epoch ms). Answers the requests left after
   * it (fractional, ≥ 0), or -1 when the bucket holds less than one and nothing was spent.
   */
  take(key: string, now: number): number {
    let bucket = this.buckets.get(key)
    if (bucket === undefined) {
      if (this.buckets.size >= this.addressesMax) this.forgetOldest()
      bucket = { tokens: this.max - 1, updatedAt: now, refusing: false }
      this.buckets.set(key, bucket)
      return bucket.tokens
    }
    const tokens = this.tokensAt(bucket, now)
    bucket.updatedAt = now
    if (tokens < 1) {
      bucket.tokens = tokens
      return -1
    }
    bucket.tokens = tokens - 1
    bucket.refusing = false
    return bucket.tokens
  }

  /** Notes a route added to `instance`, counted or exempt; throws when an instance would hold both kinds. */
  addRoute(instance: object, isCounted: boolean, name: string): void {
    if ((isCounted ? this.exemptInstances : this.countedInstances).has(instance)) {
      throw new Error(`${name}: routes exempt from REQUEST_LIMIT need a plugin of their own`)
    }
    ;(isCounted ? this.countedInstances : this.exemptInstances).add(instance)
  }

  /**
   * Counts `request` against its client address, unless its route is exempt. Undefined when it may go
   * on (its RateLimit headers are written by `writeHeaders` as it is answered); else the 429 to
   * answer, with Retry-After.
   */
  admit(request: FastifyRequest, now = Date.now()): ApiError | undefined {
    if (this.exemptInstances.has(request.server)) return undefined
    const key = this.keyOf(request.ip)
    const left = this.take(key, now)
    if (left >= 0) {
      request.requestBudgetTokens = left
      return undefined
    }
    const bucket = this.buckets.get(key)
    const tokens = bucket?.tokens ?? 0
    request.requestBudgetTokens = tokens
    if (bucket !== undefined && !bucket.refusing) {
      bucket.refusing = true
      logSecurityEvent(request.log, 'quota.exceeded', {}, { quota: 'requests' })
    }
    const seconds = Math.max(1, Math.ceil(((1 - tokens) * this.msPerToken) / 1000))
    return new ApiError(
      'RATE_LIMITED',
      `Too many requests from this address; retry in ${seconds}s`,
      undefined,
      { 'retry-after': String(seconds) },
    )
  }

  /**
   * Writes the RateLimit headers of a counted request. A route with a quota of its own has written
   * that quota's already: the one with fewer requests left is the one the client meets first, so
   * it is the one kept.
   */
  writeHeaders(request: FastifyRequest, reply: FastifyReply): void {
    const tokens = request.requestBudgetTokens
    if (tokens < 0) return
    const remaining = Math.floor(tokens)
    const routeRemaining = reply.getHeader('ratelimit-remaining')
    if (routeRemaining !== undefined && Number(routeRemaining) <= remaining) return
    void reply
      .header('ratelimit-limit', this.limitText)
      .header('ratelimit-remaining', remaining)
      .header('ratelimit-reset', Math.ceil(((this.max - tokens) * this.msPerToken) / 1000))
  }

  /** Forgets every bucket that has refilled by `now`. */
  sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.tokensAt(bucket, now) >= this.max) this.buckets.delete(key)
    }
  }

  private tokensAt(bucket: Bucket, now: number): number {
    const elapsed = now - bucket.updatedAt
    return elapsed > 0 ? Math.min(this.max, bucket.tokens + elapsed / this.msPerToken) : bucket.tokens
  }

  // Buckets are never re-inserted, so the first in the map is the longest tracked.
  private forgetOldest(): void {
    for (const key of this.buckets.keys()) {
      this.buckets.delete(key)
      return
    }
  }
}

/**
 * The request budget of an app (REQUEST_LIMIT), or undefined when it is off. Call before any route is
 * added: it learns which routes are exempt (`config.requestBudget: false`) as they are added, and
 * sweeps full buckets once per window (never per request) until the app closes.
 */
export function requestBudgetFor(
  app: FastifyInstance,
  limit: RateLimitConfig | null,
): RequestBudget | undefined {
  if (limit === null) return undefined
  const budget = new RequestBudget(limit)
  app.decorateRequest('requestBudgetTokens', -1)
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    budget.addRoute(this, route.config?.requestBudget !== false, `${route.method.toString()} ${route.url}`)
  })
  const sweepMs = Math.min(SWEEP_INTERVAL_MAX_MS, Math.max(SWEEP_INTERVAL_MIN_MS, limit.windowMs))
  const sweeper = setInterval(() => {
    budget.sweep(Date.now())
  }, sweepMs)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
  })
  return budget
}
