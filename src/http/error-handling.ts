import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ErrorObject } from 'ajv'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import FindMyWay from 'find-my-way'
import { isDatabaseUnavailable } from '../db/database.js'
import { ApiError, errorBody, type ErrorCode } from '../errors.js'
import { redactUrl } from '../logging.js'
import { logSecurityEvent } from '../security-events.js'
import { JSON_CONTENT_TYPE } from './envelope.js'
import { validationError, type ValidationContext } from './validation.js'

// Every failure the server can produce leaves through this module, as `{"error": {...}}`.

/** Longest request URL served; a longer one answers 414. */
export const MAX_URL_LENGTH = 8 * 1024

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'FIELDS_VALIDATION_ERROR',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
}

// Fastify's own messages for these are terse or name internals; say what the client should fix.
const MESSAGES_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type for this endpoint',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_BAD_URL: 'Malformed URL',
}

interface ValidationFailure {
  validation: ErrorObject[]
  validationContext: ValidationContext
}

function isValidationFailure(error: unknown): error is ValidationFailure {
  return (
    typeof error === 'object' && error !== null && 'validation' in error && Array.isArray(error.validation)
  )
}

/** The answer while the database cannot be reached: the client may retry in a second. */
function databaseUnavailable(): ApiError {
  return new ApiError(
    'SERVICE_UNAVAILABLE',
    'The service is temporarily unavailable; retry shortly',
    undefined,
    {
      'retry-after': '1',
    },
  )
}

/** Converts anything thrown while handling a request into the ApiError to answer with. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isValidationFailure(error)) return validationError(error.validation, error.validationContext)
  if (isDatabaseUnavailable(error)) return databaseUnavailable()
  const fastifyError = error as Partial<FastifyError> | undefined
  const status = fastifyError?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST'
    const known = fastifyError?.code !== undefined ? MESSAGES_BY_FASTIFY_CODE[fastifyError.code] : undefined
    return new ApiError(code, known ?? fastifyError?.message ?? STATUS_CODES[status] ?? 'Bad request')
  }
  return new ApiError('INTERNAL_ERROR', 'Internal server error')
}

/** Sends an ApiError as the error envelope, with its status and headers. */
function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers)
  return reply
    .status(error.statusCode)
    .type(JSON_CONTENT_TYPE)
    .send(errorBody(error.code, error.message, error.fields))
}

/** Fastify error handler: the one place errors become responses. Unexpected ones are logged in full. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error)
  if (apiError.statusCode === 403) {
    const subject = request.caller ? { userId: request.caller.userId } : {}
    logSecurityEvent(request.log, 'access.forbidden', subject, {
      method: request.method,
      url: redactUrl(request.url),
    })
  }
  if (apiError.code === 'SERVICE_UNAVAILABLE') {
    // One line per request during an outage; the cause, not a stack, is what the operator needs.
    request.log.warn(
      { err: { message: (error as Error).message, code: (error as { code?: unknown }).code } },
      'database unavailable',
    )
  } else if (apiError.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed')
  } else if (!(error instanceof ApiError)) {
    // Some framework messages quote the raw URL (FST_ERR_BAD_URL), query string and token included.
    request.log.info(
      { err: { message: redactUrl((error as Error).message), code: (error as FastifyError).code } },
      'request rejected',
    )
  }
  return sendApiError(reply, apiError)
}

const ROUTABLE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * Remembers which methods each route path serves, so an unknown method on a known path answers
 * 405 with `Allow` instead of a bare 404.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true })
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) =>
      (ROUTABLE_METHODS as readonly string[]).includes(method),
    )
    if (route.url.includes('*') || methods.length === 0) return
    for (const method of methods) {
      if (!router.hasRoute(method as 'GET', route.url)) router.on(method as 'GET', route.url, () => undefined)
    }
  })
  return (url) => {
    const path = url.split('?', 1)[0] ?? url
    return ROUTABLE_METHODS.filter((method) => router.find(method, path) !== null)
  }
}

/** The not-found handler: 405 when the path exists under other methods, else 404. */
export function notFoundHandler(allowedMethods: (url: string) => string[]) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const allowed = allowedMethods(request.url)
    if (allowed.length > 0) {
      const allow = [...allowed, 'OPTIONS'].join(', ')
      return sendApiError(
        reply,
        new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${allow}`, undefined, {
          allow,
        }),
      )
    }
    return sendApiError(
      reply,
      new ApiError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`),
    )
  }
}

/**
 * Whether a header overflow happened in the request line: the packet Node was parsing either never
 * ends that line, or ends it (`… HTTP/1.1`) after more than MAX_URL_LENGTH characters.
 */
function isUrlOverflow(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false
  const text = rawPacket.toString('latin1')
  const lineEnd = text.indexOf('\r\n')
  if (lineEnd === -1) return true
  const firstLine = text.slice(0, lineEnd)
  return / HTTP\/\d\.\d$/.test(firstLine) && firstLine.length > MAX_URL_LENGTH
}

/**
 * Answers errors Node raises before a request reaches Fastify (oversized headers or URL, malformed
 * HTTP, timeouts) with the same envelope, written straight to the socket.
 */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  let status = 400
  let code: ErrorCode = 'BAD_REQUEST'
  let message = 'Malformed HTTP request'
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const uriTooLong = isUrlOverflow(error.rawPacket)
    status = uriTooLong ? 414 : 431
    code = uriTooLong ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE'
    message = uriTooLong ? 'Request URL is too long' : 'Request headers are too large'
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    status = 408
    code = 'REQUEST_TIMEOUT'
    message = 'Request took too long to arrive'
  }
  const body = JSON.stringify(errorBody(code, message))
  // A response to HEAD never has a body (RFC 9110 9.3.2); a client would read one as a second response.
  const isHead = Buffer.isBuffer(error.rawPacket) && error.rawPacket.toString('latin1', 0, 5) === 'HEAD '
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${randomUUID()}\r\n` +
        `Connection: close\r\n\r\n${isHead ? '' : body}`,
    )
  }
  socket.destroy()
}
