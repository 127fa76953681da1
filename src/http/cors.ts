import type { FastifyReply, FastifyRequest } from 'fastify'

// Cross-origin access for browser apps. Every header value is joined once, when the app is built:
// this runs on every request, so it only looks up the Origin and copies prepared strings.

/** Who may read responses from a browser: any origin, or exactly these. */
type CorsOrigins = '*' | readonly string[]

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match, If-Match, Range, X-Request-Id'
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'ETag',
  'Location',
  'Content-Disposition',
  'Content-Range',
].join(', ')
/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600'

/**
 * Adds the CORS headers a response needs and answers preflights. Returns true when it answered the
 * request itself (an `OPTIONS` preflight: 204 with no body), false when the request goes on.
 * Credentials are never allowed: tokens travel in headers, not cookies.
 */
type CorsHandler = (request: FastifyRequest, reply: FastifyReply) => boolean

/**
 * Builds the CORS handler for the configured origins. Only browsers send `Origin`, and only they read
 * CORS headers, so a request without one (a mobile app, a server, curl) gets none: API answers are
 * `no-store` or `private`, so no shared cache can hand such an answer to a browser; the few shared-
 * cacheable ones (the OpenAPI document) say `Vary: Origin`.
 */
export function corsHandler(origins: CorsOrigins): CorsHandler {
  const allowList = origins === '*' ? undefined : new Set(origins)
  return (request, reply) => {
    const origin = request.headers.origin
    if (allowList === undefined) {
      if (origin === undefined) return answerPreflight(request, reply, true)
      void reply.header('access-control-allow-origin', '*')
    } else {
      // The answer depends on the Origin, so no cache may hand it to another origin.
      void reply.header('vary', 'Origin')
      if (origin === undefined || !allowList.has(origin)) return answerPreflight(request, reply, false)
      void reply.header('access-control-allow-origin', origin)
    }
    void reply.header('access-control-expose-headers', EXPOSED_HEADERS)
    return answerPreflight(request, reply, true)
  }
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply, allowed: boolean): boolean {
  if (request.raw.method !== 'OPTIONS') return false
  if (allowed) {
    void reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE)
  }
  // Safari waits for a body unless a 204 says its length.
  void reply.code(204).header('content-length', '0').send()
  return true
}
