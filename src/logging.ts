import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify'
import type { Bindings, ChildLoggerOptions, DestinationStream, LogFn } from 'pino'
import type { LogLevel } from './config.js'

const REDACTED = '[REDACTED]'

// Secrets can reach a log line through request headers, the `access_token` query parameter, or an
// object a handler logs. Headers are not logged by the request serializer below; these paths are the
// second line of defence.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'access_token',
  '*.access_token',
  'token',
  '*.token',
  'token_hash',
  '*.token_hash',
  'password',
  '*.password',
  'current_password',
  '*.current_password',
  'new_password',
  '*.new_password',
  'password_hash',
  '*.password_hash',
]

/** Replaces the value of every `access_token` query parameter in a URL, however its name is encoded. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart === -1) return url
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [rawName = ''] = pair.split('=', 1)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // a malformed escape is kept as it is; it cannot be the token's name
      }
      return name.trim().toLowerCase() === 'access_token' ? `${rawName}=${REDACTED}` : pair
    })
    .join('&')
  return `${url.slice(0, queryStart)}?${query}`
}

/** Fastify logger options: JSON lines, request URLs without tokens, secrets redacted. */
export function loggerOptions(level: LogLevel, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.originalUrl),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket.remotePort,
        }
      },
    },
  }
}

const LEVEL_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
// pino's numeric levels: a method logs when its level is at least the logger's.
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
}

function enabled(logger: FastifyBaseLogger, level: string): boolean {
  return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[logger.level] ?? Infinity)
}

/**
 * Fastify's per-request logger, made lazily: pino's `child()` (bindings, serializers, redaction) runs
 * only when the request actually logs a line at an enabled level. At `LOG_LEVEL=warn` most requests
 * never log, so they never pay for it; the lines that are written still carry their `request_id`.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (enabled(logger, 'info')) return logger.child(bindings, options)
  let child: FastifyBaseLogger | undefined
  const real = (): FastifyBaseLogger => (child ??= logger.child(bindings, options))
  const lazy = Object.create(logger) as FastifyBaseLogger
  for (const level of LEVEL_METHODS) {
    if (enabled(logger, level)) {
      lazy[level] = (...args: Parameters<LogFn>) => {
        real()[level](...args)
      }
    }
  }
  lazy.child = (childBindings, childOptions) => real().child(childBindings, childOptions)
  return lazy
}
