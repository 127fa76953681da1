import type { FastifyRequest } from 'fastify'
import type { UserRow } from '../db/tables.js'
import { ApiError } from '../errors.js'
import type { Permission } from './permissions.js'

// Who is calling, as every route reads it: set on the request by the authentication hook
// (sessions/authenticate.ts, registered by app.ts) before any handler runs.

/** Who is calling: the authenticated user and the session their token belongs to. */
export interface Caller {
  userId: string
  sessionId: string
  /** When the session was created; its absolute cap, if configured, counts from here. */
  sessionCreatedAt: number
  /**
   * The caller's account as read with the session (in the same statement, or the session cache's copy
   * of that read, which no write of this process has touched since): not to be modified.
   */
  user: UserRow
  /** What the caller's role lets them do beyond their own content (shared, never modified). */
  permissions: ReadonlySet<Permission>
}

/**
 * A route's authentication: `required` (the default — secure unless a route opts out), `optional`
 * (public reads: a token is still checked if sent), or `none` (login and registration).
 */
export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null
  }
  interface FastifyContextConfig {
    auth?: AuthMode
  }
}

const UNAUTHENTICATED_MESSAGE = 'Session token is missing, invalid or expired'

/** A 401 asking for a session token (`WWW-Authenticate: Bearer`). */
export function unauthenticated(message = UNAUTHENTICATED_MESSAGE): ApiError {
  return new ApiError('UNAUTHENTICATED', message, undefined, { 'www-authenticate': 'Bearer' })
}

/** The authenticated caller of a route whose auth mode is `required`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated('This endpoint needs a session token')
  return request.caller
}

/** OpenAPI `security` of routes that take a session token (header or query parameter). */
export const TOKEN_SECURITY: Array<Record<string, string[]>> = [{ bearer: [] }, { accessToken: [] }]
