import type { FastifyRequest, onRequestHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { permissionsOf } from '../accounts/roles.js'
import { ApiError } from '../errors.js'
import { type AuthMode, type Caller, unauthenticated } from '../http/caller.js'
import {
  deleteSessionById,
  findSessionWithUserByTokenHash,
  touchSession,
  type SessionWithUser,
} from './sessions.queries.js'
import { rowCacheLog } from '../row-cache/row-cache.js'
import { sessionCacheFor } from './session-cache.js'
import { equalInConstantTime, hashToken, TokenHashes } from './token-hashes.js'
import { isWellFormedToken } from './tokens.js'

const BEARER_PREFIX = 'bearer '
/** `Bearer ` and a token of ours (a UUID). */
const CANONICAL_BEARER_LENGTH = BEARER_PREFIX.length + 36

/** The credentials of an `Authorization: Bearer <token>` header, or undefined when it is not one. */
function bearerCredentials(header: string): string | undefined {
  // As every client writes it, with one of our tokens: no case folding, trimming or scanning needed
  // (isWellFormedToken checks the token's characters next).
  if (header.length === CANONICAL_BEARER_LENGTH && header.startsWith('Bearer ')) {
    return header.slice(BEARER_PREFIX.length)
  }
  // RFC 9110: the scheme is case-insensitive, then one or more spaces; no token contains a space.
  if (
    header.length <= BEARER_PREFIX.length ||
    header.slice(0, BEARER_PREFIX.length).toLowerCase() !== BEARER_PREFIX
  ) {
    return undefined
  }
  const token = header.slice(BEARER_PREFIX.length).trim()
  return token === '' || /\s/.test(token) ? undefined : token
}

/** The token a request carries in `Authorization: Bearer …` or `?access_token=…`, if any. */
function presentedToken(request: FastifyRequest, allowQueryToken: boolean): string | undefined {
  const header = request.headers.authorization
  const query = (request.query as Record<string, unknown> | undefined)?.['access_token']
  if (header !== undefined && query !== undefined) {
    throw new ApiError('BAD_REQUEST', 'Send the token in the Authorization header or access_token, not both')
  }
  if (header !== undefined) {
    const token = bearerCredentials(header)
    if (token === undefined) throw unauthenticated('Authorization header must be "Bearer <token>"')
    return token
  }
  if (query !== undefined) {
    if (!allowQueryToken) {
      throw unauthenticated('The access_token query parameter is disabled here; use the Authorization header')
    }
    if (typeof query !== 'string') throw unauthenticated()
    return query
  }
  return undefined
}

/**
 * Authenticates every request that carries a token, following the session state table: no matching
 * session → 401; idle longer than the session life (or older than the absolute cap) → the session
 * is deleted and 401; otherwise its `updated_at` moves to now (written at most once per touch
 * interval). Routes then read `request.caller`. A session read moments ago may come from the session
 * cache (session-cache.ts) instead of the database.
 */
export const authentication = fp(async (app) => {
  const { sessionLifeMs, sessionTouchIntervalMs, sessionAbsoluteLifeMs, allowQueryToken } = app.config
  app.decorateRequest('caller', null)
  const sessionCache = await sessionCacheFor(
    app.db,
    app.config.sessionCacheMs,
    app.config.workers,
    rowCacheLog(app.log),
  )
  // Kept as long as the session cache keeps sessions (none when it is off).
  const tokenHashes = app.config.sessionCacheMs > 0 ? new TokenHashes(app.config.sessionCacheMs) : undefined
  app.addHook('onClose', async () => {
    tokenHashes?.close()
    await sessionCache?.close()
  })

  /**
   * Resolves the session of a well-formed token into `request.caller`, or fails with 401. A session
   * in the cache that needs no touch is resolved at once and undefined returned (no promise: the
   * commonest authenticated request); otherwise the promise of the database's answer.
   */
  function authenticate(request: FastifyRequest, token: string): Promise<void> | undefined {
    const now = Date.now()
    const tokenHash = tokenHashes === undefined ? hashToken(token) : tokenHashes.of(token, now)
    let found = sessionCache?.get(tokenHash, now)
    // A session the cache judges expired is read again: the database decides before it is deleted.
    if (found !== undefined && isExpired(found.session, now)) {
      sessionCache?.forget(tokenHash)
      found = undefined
    }
    if (found !== undefined && now - found.session.updated_at < sessionTouchIntervalMs) {
      request.caller = callerOfSession(found)
      return undefined
    }
    return authenticateFromDatabase(request, tokenHash, now, found)
  }

  /** The rest of `authenticate`: the session read (unless `cached`), and its last-used time written when due. */
  async function authenticateFromDatabase(
    request: FastifyRequest,
    tokenHash: string,
    now: number,
    cached: SessionWithUser | undefined,
  ): Promise<void> {
    let found = cached
    if (found === undefined) {
      const stamp = sessionCache?.stamp()
      found = await findSessionWithUserByTokenHash(app.db, tokenHash)
      if (!found || !equalInConstantTime(found.session.token_hash, tokenHash)) throw unauthenticated()
      if (isExpired(found.session, now)) {
        await deleteSessionById(app.db, found.session.id)
        throw unauthenticated('Session has expired; log in again')
      }
      if (stamp !== undefined) sessionCache?.keep(tokenHash, found, stamp, now)
    }
    if (now - found.session.updated_at >= sessionTouchIntervalMs) {
      await touchSession(app.db, found.session.id, now)
      // The cache's copy moves with the row (the touch is kept in step, so it sets nothing aside).
      found.session.updated_at = now
    }
    request.caller = callerOfSession(found)
  }

  /** Idle longer than the session life, or older than the absolute cap. */
  function isExpired(session: { created_at: number; updated_at: number }, now: number): boolean {
    return (
      now > session.updated_at + sessionLifeMs ||
      (sessionAbsoluteLifeMs !== null && now > session.created_at + sessionAbsoluteLifeMs)
    )
  }

  /** The hook of a route that takes a token: a callback, so requests without one pass without a promise. */
  function authenticationHook(mode: Exclude<AuthMode, 'none'>): onRequestHookHandler {
    return (request, _reply, done) => {
      let token: string | undefined
      try {
        token = presentedToken(request, allowQueryToken)
      } catch (error) {
        done(error as Error)
        return
      }
      if (token === undefined) {
        done(mode === 'required' ? unauthenticated('This endpoint needs a session token') : undefined)
        return
      }
      if (!isWellFormedToken(token)) {
        done(unauthenticated())
        return
      }
      const pending = authenticate(request, token)
      if (pending === undefined) {
        done()
        return
      }
      pending.then(
        () => {
          done()
        },
        (error: unknown) => {
          done(error as Error)
        },
      )
    }
  }

  // Each route's mode is known when the route is added, so it is settled then: a route that takes no
  // token gets no hook, the others one that knows its mode (reading it per request went through
  // Fastify's request.routeOptions, which builds a fresh object of the route's options on every read).
  // First among the route's own hooks, where the scope's hook ran before them.
  const required = authenticationHook('required')
  const optional = authenticationHook('optional')
  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth ?? 'required'
    if (mode === 'none') return
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat()
    route.onRequest = [mode === 'required' ? required : optional, ...own]
  })
})

function callerOfSession({ session, user }: SessionWithUser): Caller {
  return {
    userId: user.id,
    sessionId: session.id,
    sessionCreatedAt: session.created_at,
    user,
    permissions: permissionsOf(user.role),
  }
}
