import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { isAbsolute, resolve } from 'node:path'

/** How Quire uses a PostgreSQL server: its URL and the connection pool's limits. */
export interface PostgresConfig {
  kind: 'postgres'
  url: string
  /** Direct (unpooled) URL for migrations when `url` goes through PgBouncer; null = use `url`. */
  migrationUrl: string | null
  poolMax: number
  /** Server-side limit on one statement; 0 = none. */
  statementTimeoutMs: number
  /** Limit on opening a connection, and on waiting for a free one in the pool. */
  connectTimeoutMs: number
  /** Silence that starts a reachability probe, and the probe's own limit; 0 = no probes. */
  probeTimeoutMs: number
  /** Compiled queries run as named prepared statements (not through a transaction-mode pooler). */
  preparedStatements: boolean
}

/** Where the data lives: an embedded SQLite file, or a PostgreSQL server shared by several instances. */
/** SQLite: the file, and how long a write waits for another process's lock (default 1 s). */
export interface SqliteConfig {
  kind: 'sqlite'
  path: string
  busyTimeoutMs?: number
}

export type DatabaseConfig = SqliteConfig | PostgresConfig

/** The pool settings a PostgreSQL configuration gets when the environment does not set them. */
const POSTGRES_POOL_DEFAULTS = {
  poolMax: 10,
  statementTimeoutMs: 5000,
  connectTimeoutMs: 2000,
  probeTimeoutMs: 500,
} as const

/** A count allowed within a time window, e.g. 10 failed logins per 15 minutes. */
export interface RateLimitConfig {
  max: number
  windowMs: number
}

/** Where mail goes: an SMTP(S) server, or the log (development). */
export type MailConfig = { kind: 'log' } | { kind: 'smtp'; url: string }

/** The validated, immutable server configuration. */
export interface Config {
  port: number
  host: string
  database: DatabaseConfig
  sessionLifeMs: number
  /** Shortest time between two writes of a session's `updated_at`; already capped at a tenth of the life. */
  sessionTouchIntervalMs: number
  /** Optional hard cap on a session's age regardless of use (OWASP ASVS 7.3.2); null = off. */
  sessionAbsoluteLifeMs: number | null
  /** How long an authenticated session may be answered from memory (see sessions/session-cache.ts); 0 = off. */
  sessionCacheMs: number
  /** How long who may see a post may be answered from memory (see posts/post-access.ts); 0 = off. */
  postAccessCacheMs: number
  sessionsPerUserMax: number
  passwordMinLength: number
  allowQueryToken: boolean
  corsOrigins: '*' | string[]
  attachmentMaxBytes: number
  /** Bytes of small attachments kept in memory for repeated downloads (attachments/downloads.ts); 0 = none. */
  attachmentCacheBytes: number
  jsonBodyMaxBytes: number
  logLevel: LogLevel
  trustProxy: boolean | number | string[]
  /** Password attempts per (email, client address) pair: what one client may try against one account. */
  loginAttemptsPerEmailAndAddress: RateLimitConfig
  /** Password attempts per email from all addresses together: the ceiling a distributed guesser meets. */
  loginAttemptsPerEmail: RateLimitConfig
  authAttemptsPerIp: RateLimitConfig
  /** Requests per client address over every route but the probes, per instance (http/request-budget.ts); null = off. */
  requestsPerAddress: RateLimitConfig | null
  /** Whether new passwords are looked up in Have I Been Pwned's range API (k-anonymity). */
  passwordBreachCheck: 'off' | 'hibp'
  /** The range API's base URL; the 5-character SHA-1 prefix is appended. */
  passwordBreachCheckUrl: string
  /** Total attachment bytes one user's posts may hold; an upload past it answers 413. */
  userStorageMaxBytes: number
  /** Posts one user may create per window; 429 beyond. */
  postsPerUser: RateLimitConfig
  /** Comments one user may write per window, on posts and attachments together; 429 beyond. */
  commentsPerUser: RateLimitConfig
  reportsPerUser: RateLimitConfig
  mail: MailConfig
  /** NODE_ENV is `production`: mail logged with MAIL_URL=log keeps its tokens hidden, and start-up warns. */
  production: boolean
  /** The sender of every mail, e.g. `Quire <no-reply@example.com>`. */
  mailFrom: string
  /** Base URL of the front-end that links in mails point at; no trailing slash. */
  appUrl: string
  resetTokenLifeMs: number
  verifyTokenLifeMs: number
  requireVerifiedEmail: boolean
  /** Password-reset requests allowed per email per window. */
  passwordResetsPerEmail: RateLimitConfig
  /** Verification and email-change mails an account may ask for per window. */
  verificationMailsPerUser: RateLimitConfig
  /** Messages of every kind one address may be sent per window, whoever asks; past it none are queued. */
  mailsPerRecipient: RateLimitConfig
  /** Accounts one client address (IPv6: its /64) may create per window; 429 beyond. */
  registrationsPerIp: RateLimitConfig
  /** AES-256 key for secrets at rest (TOTP secrets, queued mail); null = read or create `secretKeyFile`. */
  secretKey: Buffer | null
  secretKeyFile: string
  /** The name authenticator apps show beside the account's codes. */
  totpIssuer: string
  /** After SIGTERM, how long readiness answers 503 (while still serving) before the listener closes. */
  shutdownDrainMs: number
  /** Longest wait for a request's complete headers (slowloris defence). */
  headersTimeoutMs: number
  /** Longest wait for a whole request, body included (trickled bodies). */
  requestTimeoutMs: number
  /** Server processes sharing the port (node:cluster); 1 = this process serves alone. */
  workers: number
  /** How long live events are kept for streams to resume from (EVENTS_RETENTION). */
  eventsRetentionMs: number
  /** Time between comment lines on an idle event stream (EVENTS_HEARTBEAT). */
  eventsHeartbeatMs: number
  /** How often an instance without notifications reads the live events' outbox (EVENTS_POLL). */
  eventsPollMs: number
  /** Open event streams per user (per client address for anonymous ones), per instance. */
  eventsStreamsPerUser: number
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A configuration value that stops start-up; its message is the one line shown to the operator. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    expectation: string,
    received: string,
  ) {
    super(`${variable} must be ${expectation} (got ${JSON.stringify(received)})`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }
const DURATION_EXPECTATION = 'a duration such as 90s, 15m, 36h, 14d or a number of seconds'

/** Parses `90s`, `15m`, `36h`, `14d`, `500ms` or plain seconds into milliseconds; undefined when malformed. */
export function parseDurationMs(text: string): number | undefined {
  const match = /^(\d{1,12})(ms|s|m|h|d)?$/.exec(text.trim())
  if (!match) return undefined
  const [, amount, unit = 's'] = match
  const ms = Number(amount) * (DURATION_UNITS_MS[unit] ?? 1000)
  return Number.isSafeInteger(ms) ? ms : undefined
}

function readString(env: Env, name: string, fallback: string): string {
  const value = env[name]
  return value === undefined || value.trim() === '' ? fallback : value.trim()
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = readString(env, name, String(fallback))
  const value = /^\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `an integer from ${min} to ${max}`, text)
  }
  return value
}

function readDuration(env: Env, name: string, fallback: string, minMs: number): number {
  const text = readString(env, name, fallback)
  const ms = parseDurationMs(text)
  if (ms === undefined || ms < minMs) {
    throw new ConfigError(
      name,
      minMs > 0 ? `${DURATION_EXPECTATION}, above zero` : DURATION_EXPECTATION,
      text,
    )
  }
  return ms
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const text = readString(env, name, String(fallback)).toLowerCase()
  if (['true', '1', 'yes', 'on'].includes(text)) return true
  if (['false', '0', 'no', 'off'].includes(text)) return false
  throw new ConfigError(name, 'true or false', text)
}

const RATE_LIMIT_EXPECTATION = 'a count per duration such as 10/15m (count at least 1)'

/** `10/15m` as a RateLimitConfig; undefined when malformed. */
function parseRateLimit(text: string): RateLimitConfig | undefined {
  const match = /^(\d{1,9})\/(.+)$/.exec(text)
  const windowMs = match?.[2] === undefined ? undefined : parseDurationMs(match[2])
  const max = Number(match?.[1])
  if (!match || windowMs === undefined || windowMs <= 0 || max < 1) return undefined
  return { max, windowMs }
}

function readRateLimit(env: Env, name: string, fallback: string): RateLimitConfig {
  const text = readString(env, name, fallback)
  const limit = parseRateLimit(text)
  if (limit === undefined) throw new ConfigError(name, RATE_LIMIT_EXPECTATION, text)
  return limit
}

/** A limit that may be switched off: `off` (the default) or a count per duration. */
function readOptionalRateLimit(env: Env, name: string): RateLimitConfig | null {
  const text = readString(env, name, 'off')
  if (text.toLowerCase() === 'off') return null
  const limit = parseRateLimit(text)
  if (limit === undefined) throw new ConfigError(name, `off or ${RATE_LIMIT_EXPECTATION}`, text)
  return limit
}

// A postgres:// URL, or undefined when the text is not one. Never echoes a URL that might hold a password.
function readPostgresUrl(name: string, text: string): string | undefined {
  if (!/^postgres(ql)?:\/\/./.test(text)) return undefined
  try {
    new URL(text)
  } catch {
    const expectation =
      name === 'DATABASE_URL' ? 'sqlite:PATH or a valid postgres:// URL' : 'a valid postgres:// URL'
    throw new ConfigError(name, expectation, '[unparsable URL]')
  }
  return text
}

function readDatabase(env: Env): DatabaseConfig {
  const text = readString(env, 'DATABASE_URL', 'sqlite:./data/quire.db')
  // The pool settings are checked whatever the engine, so a typo never waits for the move to PostgreSQL.
  const poolMax = readInteger(env, 'DATABASE_POOL_MAX', POSTGRES_POOL_DEFAULTS.poolMax, 1, 1000)
  const statementTimeoutMs = readDuration(env, 'DATABASE_STATEMENT_TIMEOUT', '5s', 0)
  const connectTimeoutMs = readDuration(env, 'DATABASE_CONNECT_TIMEOUT', '2s', 1)
  const busyTimeoutMs = readDuration(env, 'DATABASE_BUSY_TIMEOUT', '1s', 0)
  const probeTimeoutMs = readDuration(env, 'DATABASE_PROBE_TIMEOUT', '500ms', 0)
  const migrationText = readString(env, 'DATABASE_MIGRATION_URL', '')
  const migrationUrl = migrationText === '' ? null : readPostgresUrl('DATABASE_MIGRATION_URL', migrationText)
  if (migrationUrl === undefined) {
    throw new ConfigError(
      'DATABASE_MIGRATION_URL',
      'a postgres:// URL',
      `${migrationText.split(':')[0] ?? ''}:…`,
    )
  }
  // A DATABASE_MIGRATION_URL means a pooler (PgBouncer) in front, where prepared statements fail.
  const preparedStatements = readBoolean(env, 'DATABASE_PREPARED_STATEMENTS', migrationUrl === null)
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length)
    if (path === '') throw new ConfigError('DATABASE_URL', 'sqlite:PATH or postgres://…', text)
    if (migrationUrl !== null) {
      throw new ConfigError('DATABASE_MIGRATION_URL', 'unset when DATABASE_URL is SQLite', 'postgres://…')
    }
    return {
      kind: 'sqlite',
      path: path === ':memory:' || isAbsolute(path) ? path : resolve(path),
      busyTimeoutMs,
    }
  }
  const url = readPostgresUrl('DATABASE_URL', text)
  if (url !== undefined) {
    return {
      kind: 'postgres',
      url,
      migrationUrl,
      poolMax,
      statementTimeoutMs,
      connectTimeoutMs,
      probeTimeoutMs,
      preparedStatements,
    }
  }
  throw new ConfigError(
    'DATABASE_URL',
    'sqlite:PATH or postgres://USER@HOST:PORT/DATABASE',
    `${text.split(':')[0] ?? ''}:…`,
  )
}

function readCorsOrigins(env: Env): '*' | string[] {
  const text = readString(env, 'CORS_ORIGINS', '*')
  if (text === '*') return '*'
  const origins = text.split(',').map((origin) => origin.trim())
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        'CORS_ORIGINS',
        '* or a comma-separated list of origins like https://app.example.com',
        origin,
      )
    }
  }
  return origins
}

// A name proxy-addr knows, or an IP address with an optional prefix length that fits its family.
function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
}

/** An http(s) URL without query or fragment (a base that paths are appended to). */
function readBaseUrl(env: Env, name: string, fallback: string, example: string): string {
  const text = readString(env, name, fallback)
  let parsed: URL | undefined
  try {
    parsed = new URL(text)
  } catch {
    parsed = undefined
  }
  if (
    !parsed ||
    !['http:', 'https:'].includes(parsed.protocol) ||
    parsed.search !== '' ||
    parsed.hash !== ''
  ) {
    throw new ConfigError(name, `an http(s) URL without query or fragment, such as ${example}`, text)
  }
  return text
}

function readBreachCheckUrl(env: Env): string {
  const text = readBaseUrl(
    env,
    'PASSWORD_BREACH_CHECK_URL',
    'https://api.pwnedpasswords.com/range/',
    'https://api.pwnedpasswords.com/range/',
  )
  return text.endsWith('/') ? text : `${text}/`
}

function readHost(env: Env): string {
  const text = readString(env, 'HOST', '0.0.0.0')
  const hostName =
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/
  if (isIP(text) === 0 && !hostName.test(text)) {
    throw new ConfigError('HOST', 'an IP address or a host name such as 0.0.0.0, :: or localhost', text)
  }
  return text
}

function readTrustProxy(env: Env): boolean | number | string[] {
  const text = readString(env, 'TRUST_PROXY', 'false')
  if (text === 'true' || text === 'false') return text === 'true'
  if (/^\d{1,2}$/.test(text)) return Number(text)
  const entries = text.split(',').map((entry) => entry.trim())
  if (entries.every(isTrustedProxyEntry)) return entries
  throw new ConfigError(
    'TRUST_PROXY',
    'true, false, a hop count, or a comma-separated list of addresses/CIDRs',
    text,
  )
}

const WORKERS_MAX = 256

function readWorkers(env: Env): number {
  const text = readString(env, 'WORKERS', '1').toLowerCase()
  if (text === 'auto') return availableParallelism()
  const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN
  if (!(value >= 1 && value <= WORKERS_MAX)) {
    throw new ConfigError('WORKERS', `auto or an integer from 1 to ${WORKERS_MAX}`, text)
  }
  return value
}

function readMail(env: Env): MailConfig {
  const text = readString(env, 'MAIL_URL', 'log')
  if (text.toLowerCase() === 'log') return { kind: 'log' }
  let parsed: URL | undefined
  try {
    parsed = new URL(text)
  } catch {
    parsed = undefined
  }
  if (!parsed || !['smtp:', 'smtps:'].includes(parsed.protocol) || parsed.hostname === '') {
    // Never echo a URL that might hold a password.
    throw new ConfigError(
      'MAIL_URL',
      'log, smtp://USER:PASSWORD@HOST:PORT or smtps://…',
      `${text.split(':')[0] ?? ''}:…`,
    )
  }
  return { kind: 'smtp', url: text }
}

// An address alone or `Display Name <address>`: one line, one address, nothing a header could be split on.
const MAIL_FROM_PATTERN = /^(?:[^\r\n<>@",;]{1,100} )?<?[^\s<>@",;]{1,64}@[A-Za-z0-9.-]{1,253}>?$/

function readMailFrom(env: Env): string {
  const text = readString(env, 'MAIL_FROM', 'Quire <no-reply@localhost>')
  const bracketsMatch = text.includes('<') === text.endsWith('>')
  if (!MAIL_FROM_PATTERN.test(text) || !bracketsMatch) {
    throw new ConfigError(
      'MAIL_FROM',
      'an address such as no-reply@example.com or Quire <no-reply@example.com>',
      text,
    )
  }
  return text
}

function readAppUrl(env: Env): string {
  return readBaseUrl(env, 'APP_URL', 'http://localhost:3000', 'https://app.example.com').replace(/\/+$/, '')
}

function readSecretKey(env: Env): Buffer | null {
  const text = readString(env, 'SECRET_KEY', '')
  if (text === '') return null
  const key = /^[A-Za-z0-9+/]{43}=$/.test(text) ? Buffer.from(text, 'base64') : undefined
  if (key?.length !== 32) {
    // Never echo a secret, even a malformed one.
    throw new ConfigError('SECRET_KEY', 'the base64 of 32 random bytes (openssl rand -base64 32)', '[hidden]')
  }
  return key
}

function readTotpIssuer(env: Env): string {
  const text = readString(env, 'TOTP_ISSUER', 'Quire')
  // The otpauth URL puts it before a colon in the label; apps choke on control characters.
  if (text.length > 64 || /[:\p{Cc}]/u.test(text)) {
    throw new ConfigError('TOTP_ISSUER', 'a name of at most 64 characters without colons', text)
  }
  return text
}

/** A duration from 0 up to `max` (a duration text such as `5m`). */
function readDurationUpTo(env: Env, name: string, fallback: string, max: string): number {
  const ms = readDuration(env, name, fallback, 0)
  if (ms > (parseDurationMs(max) ?? 0)) {
    throw new ConfigError(name, `a duration up to ${max}`, readString(env, name, fallback))
  }
  return ms
}

/** A duration from `min` up to `max` (duration texts such as `1m`). */
function readDurationBetween(env: Env, name: string, fallback: string, min: string, max: string): number {
  const ms = readDuration(env, name, fallback, 0)
  if (ms < (parseDurationMs(min) ?? 0) || ms > (parseDurationMs(max) ?? 0)) {
    throw new ConfigError(name, `a duration from ${min} to ${max}`, readString(env, name, fallback))
  }
  return ms
}

/** Reads and validates the environment; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const sessionLifeMs = readDuration(env, 'SESSION_LIFE', '14d', 1)
  const touchIntervalMs = readDuration(env, 'SESSION_TOUCH_INTERVAL', '60s', 0)
  const absoluteText = readString(env, 'SESSION_ABSOLUTE_LIFE', 'off')
  const sessionAbsoluteLifeMs = ['off', '0'].includes(absoluteText.toLowerCase())
    ? null
    : (parseDurationMs(absoluteText) ?? 0)
  if (sessionAbsoluteLifeMs === 0) {
    throw new ConfigError('SESSION_ABSOLUTE_LIFE', `off or ${DURATION_EXPECTATION}`, absoluteText)
  }
  const requestTimeoutMs = readDuration(env, 'REQUEST_TIMEOUT', '120s', 1)
  // Headers are part of the request: by default they get 30 s, or the whole request time if shorter.
  const headersTimeoutMs = readDuration(env, 'HEADERS_TIMEOUT', `${Math.min(30_000, requestTimeoutMs)}ms`, 1)
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      'HEADERS_TIMEOUT',
      `a duration no longer than REQUEST_TIMEOUT (${requestTimeoutMs} ms)`,
      readString(env, 'HEADERS_TIMEOUT', '30s'),
    )
  }
  const logLevel = readString(env, 'LOG_LEVEL', 'info').toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, logLevel)
  }
  const breachCheck = readString(env, 'PASSWORD_BREACH_CHECK', 'off').toLowerCase()
  if (breachCheck !== 'off' && breachCheck !== 'hibp') {
    throw new ConfigError('PASSWORD_BREACH_CHECK', 'off or hibp', breachCheck)
  }

  return Object.freeze({
    port: readInteger(env, 'PORT', 3000, 0, 65535),
    host: readHost(env),
    database: readDatabase(env),
    sessionLifeMs,
    // A session idle for nearly its whole life must still be extended by its next use.
    sessionTouchIntervalMs: Math.min(touchIntervalMs, Math.floor(sessionLifeMs / 10)),
    sessionAbsoluteLifeMs,
    // Only another program writing the database (an operator's shell) goes unseen for this long: kept short.
    sessionCacheMs: readDurationUpTo(env, 'SESSION_CACHE', '1s', '1m'),
    postAccessCacheMs: readDurationUpTo(env, 'POST_ACCESS_CACHE', '1s', '1m'),
    sessionsPerUserMax: readInteger(env, 'SESSIONS_PER_USER_MAX', 100, 1, 10_000),
    passwordMinLength: readInteger(env, 'PASSWORD_MIN_LENGTH', 10, 8, 64),
    allowQueryToken: readBoolean(env, 'ALLOW_QUERY_TOKEN', true),
    corsOrigins: readCorsOrigins(env),
    attachmentMaxBytes: readInteger(env, 'ATTACHMENT_MAX_BYTES', 10 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    attachmentCacheBytes: readInteger(env, 'ATTACHMENT_CACHE_BYTES', 4 * 1024 * 1024, 0, 1024 * 1024 * 1024),
    jsonBodyMaxBytes: readInteger(env, 'JSON_BODY_MAX_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    logLevel: logLevel as LogLevel,
    trustProxy: readTrustProxy(env),
    loginAttemptsPerEmailAndAddress: readRateLimit(env, 'LOGIN_FAILURE_LIMIT', '10/15m'),
    loginAttemptsPerEmail: readRateLimit(env, 'LOGIN_FAILURE_EMAIL_LIMIT', '100/1h'),
    authAttemptsPerIp: readRateLimit(env, 'AUTH_IP_LIMIT', '100/1m'),
    requestsPerAddress: readOptionalRateLimit(env, 'REQUEST_LIMIT'),
    passwordBreachCheck: breachCheck,
    passwordBreachCheckUrl: readBreachCheckUrl(env),
    userStorageMaxBytes: readInteger(
      env,
      'USER_STORAGE_MAX_BYTES',
      1024 * 1024 * 1024,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    postsPerUser: readRateLimit(env, 'USER_POST_LIMIT', '30/1m'),
    commentsPerUser: readRateLimit(env, 'USER_COMMENT_LIMIT', '60/1m'),
    reportsPerUser: readRateLimit(env, 'USER_REPORT_LIMIT', '20/1m'),
    mail: readMail(env),
    production: readString(env, 'NODE_ENV', '') === 'production',
    mailFrom: readMailFrom(env),
    appUrl: readAppUrl(env),
    resetTokenLifeMs: readDuration(env, 'RESET_TOKEN_LIFE', '1h', 1),
    verifyTokenLifeMs: readDuration(env, 'VERIFY_TOKEN_LIFE', '48h', 1),
    requireVerifiedEmail: readBoolean(env, 'REQUIRE_VERIFIED_EMAIL', false),
    passwordResetsPerEmail: readRateLimit(env, 'PASSWORD_RESET_LIMIT', '3/1h'),
    verificationMailsPerUser: readRateLimit(env, 'VERIFICATION_MAIL_LIMIT', '3/1h'),
    mailsPerRecipient: readRateLimit(env, 'MAIL_RECIPIENT_LIMIT', '5/1h'),
    registrationsPerIp: readRateLimit(env, 'REGISTER_IP_LIMIT', '20/1h'),
    secretKey: readSecretKey(env),
    secretKeyFile: resolve(readString(env, 'SECRET_KEY_FILE', './data/secret.key')),
    totpIssuer: readTotpIssuer(env),
    shutdownDrainMs: readDurationUpTo(env, 'SHUTDOWN_DRAIN', '0s', '5m'),
    headersTimeoutMs,
    requestTimeoutMs,
    workers: readWorkers(env),
    eventsRetentionMs: readDurationBetween(env, 'EVENTS_RETENTION', '1h', '1m', '7d'),
    eventsHeartbeatMs: readDurationBetween(env, 'EVENTS_HEARTBEAT', '15s', '100ms', '5m'),
    eventsPollMs: readDurationBetween(env, 'EVENTS_POLL', '250ms', '50ms', '10s'),
    eventsStreamsPerUser: readInteger(env, 'EVENTS_STREAMS_PER_USER', 10, 1, 10_000),
  })
}
