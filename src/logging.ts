import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { pino, type Bindings, type ChildLoggerOptions, type DestinationStream, type LogFn } from 'pino'
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

/**
 * Quire's logger: JSON lines, request URLs without tokens, secrets redacted, and Fastify's `res` and
 * `err` serializers beside Quire's `req`.
 */
export function createLogger(level: LogLevel, stream?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
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
        res(reply: FastifyReply) {
          return { statusCode: reply.statusCode }
        },
        err: pino.stdSerializers.err,
      },
    },
    stream,
  )
}

/** The Fastify options that wire a logger in; see `fastifyLogging`. */
export type FastifyLoggingOptions = Pick<
  FastifyServerOptions,
  'loggerInstance' | 'childLoggerFactory' | 'logController'
>

/**
 * How Fastify logs, for a configured level. At `info` and below Fastify writes a line for every request
 * ("incoming request", "request completed"), so it gets the logger itself. Above, it gets none: with a
 * logger, Fastify listens for every response's `finish` and `error` to write a line that is switched
 * off, a cost paid on every request for nothing. Its request loggers then come from
 * `childLoggerFactory` (lazy ones over `logger`, see RequestLogger), and the caller sets the app's
 * `log` to `logger`, as Fastify would have.
 */
export function fastifyLogging(logger: FastifyBaseLogger): FastifyLoggingOptions {
  const requestLines = logsAt(logger, 'info')
  const logController = new LogController({
    requestIdLogLabel: 'request_id',
    disableRequestLogging: !requestLines,
  })
  if (requestLines) return { loggerInstance: logger, logController }
  return {
    // Fastify passes its own (null) logger as the parent: requests log through Quire's.
    childLoggerFactory: (_parent, bindings, options) => new RequestLogger(logger, bindings, options),
    logController,
  }
}

// pino's numeric levels: a method logs when its level is at least the logger's.
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
}

/** True when a logger set to `configured` writes lines at `level`. */
function levelWrites(configured: string, level: string): boolean {
  return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[configured] ?? Infinity)
}

function logsAt(logger: FastifyBaseLogger, level: string): boolean {
  return levelWrites(logger.level, level)
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

/**
 * A request's logger that becomes pino's `child()` (bindings, serializers, redaction) only when a line
 * is written at an enabled level. Made for every request, so it is one small object whose methods live
 * on the prototype: above `info` most requests never log and never pay for the child.
 */
class RequestLogger {
  #parent: FastifyBaseLogger
  #bindings: Bindings
  #options: ChildLoggerOptions
  #child: FastifyBaseLogger | undefined

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  get level(): string {
    return this.#parent.level
  }

  /** pino's child, made the first time it is needed. */
  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options)
    return this.#child
  }

  #write(level: LevelMethod, args: Parameters<LogFn>): void {
    if (logsAt(this.#parent, level)) this.#real()[level](...args)
  }

  fatal(...args: Parameters<LogFn>): void {
    this.#write('fatal', args)
  }
  error(...args: Parameters<LogFn>): void {
    this.#write('error', args)
  }
  warn(...args: Parameters<LogFn>): void {
    this.#write('warn', args)
  }
  info(...args: Parameters<LogFn>): void {
    this.#write('info', args)
  }
  debug(...args: Parameters<LogFn>): void {
    this.#write('debug', args)
  }
  trace(...args: Parameters<LogFn>): void {
    this.#write('trace', args)
  }
  silent(): void {
    // pino's silent level writes nothing
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options)
  }
}
