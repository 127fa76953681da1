import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { isAbsolute } from 'node:path'
import { describe, it } from 'node:test'
import { ConfigError, loadConfig, parseDurationMs } from '../src/config.js'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Asserts that loading `env` fails with a ConfigError naming `variable` in its one-line message. */
function assertRejected(env: Record<string, string>, variable: string): ConfigError {
  let caught: unknown
  try {
    loadConfig(env)
  } catch (error) {
    caught = error
  }
  assert.ok(caught instanceof ConfigError, `expected a ConfigError for ${JSON.stringify(env)}`)
  assert.equal(caught.variable, variable)
  assert.ok(caught.message.startsWith(`${variable} must be `), caught.message)
  assert.ok(!caught.message.includes('\n'), 'the message is one line')
  return caught
}

describe('configuration', () => {
  describe('happy', () => {
    it('an empty environment gives the documented defaults', () => {
      const config = loadConfig({})
      assert.equal(config.port, 3000)
      assert.equal(config.host, '0.0.0.0')
      assert.ok(config.database.kind === 'sqlite')
      assert.ok(isAbsolute(config.database.path))
      assert.ok(config.database.path.endsWith('/data/quire.db'))
      assert.equal(config.sessionLifeMs, 14 * DAY)
      assert.equal(config.sessionTouchIntervalMs, 60 * SECOND)
      assert.equal(config.sessionAbsoluteLifeMs, null)
      assert.equal(config.sessionsPerUserMax, 100)
      assert.equal(config.passwordMinLength, 10)
      assert.equal(config.allowQueryToken, true)
      assert.equal(config.corsOrigins, '*')
      assert.equal(config.attachmentMaxBytes, 10 * 1024 * 1024)
      assert.equal(config.jsonBodyMaxBytes, 1024 * 1024)
      assert.equal(config.logLevel, 'info')
      assert.equal(config.trustProxy, false)
      assert.deepEqual(config.loginAttemptsPerEmailAndAddress, { max: 10, windowMs: 15 * MINUTE })
      assert.deepEqual(config.loginAttemptsPerEmail, { max: 100, windowMs: HOUR })
      assert.equal(config.passwordBreachCheck, 'off')
      assert.equal(config.passwordBreachCheckUrl, 'https://api.pwnedpasswords.com/range/')
      assert.equal(config.userStorageMaxBytes, 1024 * 1024 * 1024)
      assert.deepEqual(config.postsPerUser, { max: 30, windowMs: MINUTE })
      assert.deepEqual(config.commentsPerUser, { max: 60, windowMs: MINUTE })
      assert.deepEqual(config.authAttemptsPerIp, { max: 100, windowMs: MINUTE })
      assert.deepEqual(config.mailsPerRecipient, { max: 5, windowMs: HOUR })
      assert.deepEqual(config.registrationsPerIp, { max: 20, windowMs: HOUR })
      assert.equal(config.requestsPerAddress, null)
      assert.equal(config.shutdownDrainMs, 0)
      assert.equal(config.headersTimeoutMs, 30 * SECOND)
      assert.equal(config.requestTimeoutMs, 120 * SECOND)
      assert.equal(config.workers, 1)
    })

    it('WORKERS accepts a count from 1 to 256, or auto for the number of cores', () => {
      assert.equal(loadConfig({ WORKERS: '1' }).workers, 1)
      assert.equal(loadConfig({ WORKERS: '4' }).workers, 4)
      assert.equal(loadConfig({ WORKERS: '256' }).workers, 256)
      assert.equal(loadConfig({ WORKERS: 'auto' }).workers, availableParallelism())
      assert.equal(loadConfig({ WORKERS: 'AUTO' }).workers, availableParallelism())
    })

    it('SESSION_CACHE accepts durations up to 1m, 0 turning the cache off', () => {
      assert.equal(loadConfig({}).sessionCacheMs, SECOND)
      assert.equal(loadConfig({ SESSION_CACHE: '0' }).sessionCacheMs, 0)
      assert.equal(loadConfig({ SESSION_CACHE: '1m' }).sessionCacheMs, MINUTE)
    })

    it('the live events settings have the documented defaults and accept their ranges', () => {
      const events = (env: Record<string, string>): number[] => {
        const config = loadConfig(env)
        return [
          config.eventsRetentionMs,
          config.eventsHeartbeatMs,
          config.eventsPollMs,
          config.eventsStreamsPerUser,
        ]
      }
      assert.deepEqual(events({}), [HOUR, 15 * SECOND, 250, 10])
      assert.deepEqual(
        events({
          EVENTS_RETENTION: '1m',
          EVENTS_HEARTBEAT: '100ms',
          EVENTS_POLL: '50ms',
          EVENTS_STREAMS_PER_USER: '1',
        }),
        [MINUTE, 100, 50, 1],
      )
      assert.deepEqual(
        events({
          EVENTS_RETENTION: '7d',
          EVENTS_HEARTBEAT: '5m',
          EVENTS_POLL: '10s',
          EVENTS_STREAMS_PER_USER: '10000',
        }),
        [7 * DAY, 5 * MINUTE, 10 * SECOND, 10_000],
      )
    })

    it('SHUTDOWN_DRAIN accepts durations up to 5m', () => {
      assert.equal(loadConfig({ SHUTDOWN_DRAIN: '2s' }).shutdownDrainMs, 2 * SECOND)
      assert.equal(loadConfig({ SHUTDOWN_DRAIN: '5m' }).shutdownDrainMs, 5 * MINUTE)
    })

    it('HEADERS_TIMEOUT and REQUEST_TIMEOUT accept durations, milliseconds included', () => {
      const config = loadConfig({ HEADERS_TIMEOUT: '500ms', REQUEST_TIMEOUT: '2s' })
      assert.equal(config.headersTimeoutMs, 500)
      assert.equal(config.requestTimeoutMs, 2 * SECOND)
      assert.equal(loadConfig({ REQUEST_TIMEOUT: '10s' }).headersTimeoutMs, 10 * SECOND)
    })

    it('blank values fall back to the defaults', () => {
      const config = loadConfig({ PORT: '', SESSION_LIFE: '  ', CORS_ORIGINS: '' })
      assert.equal(config.port, 3000)
      assert.equal(config.sessionLifeMs, 14 * DAY)
      assert.equal(config.corsOrigins, '*')
    })

    it('the configuration is frozen', () => {
      assert.ok(Object.isFrozen(loadConfig({})))
    })

    const durations: Array<[string, number]> = [
      ['90s', 90 * SECOND],
      ['15m', 15 * MINUTE],
      ['36h', 36 * HOUR],
      ['14d', 14 * DAY],
      ['500ms', 500],
      ['3600', HOUR],
      [' 90s ', 90 * SECOND],
    ]
    for (const [text, ms] of durations) {
      it(`SESSION_LIFE=${JSON.stringify(text)} is ${ms} ms`, () => {
        assert.equal(loadConfig({ SESSION_LIFE: text }).sessionLifeMs, ms)
        assert.equal(parseDurationMs(text), ms)
      })
    }

    it('parseDurationMs answers undefined for malformed text', () => {
      for (const text of ['', 'abc', '1.5h', '-5', '5 h', '5w', '1e3', '5S', '999999999999d']) {
        assert.equal(parseDurationMs(text), undefined, text)
      }
    })

    it('SESSION_TOUCH_INTERVAL accepts 0 (touch on every request) and durations', () => {
      assert.equal(loadConfig({ SESSION_TOUCH_INTERVAL: '0' }).sessionTouchIntervalMs, 0)
      assert.equal(loadConfig({ SESSION_TOUCH_INTERVAL: '5m' }).sessionTouchIntervalMs, 5 * MINUTE)
      assert.equal(loadConfig({ SESSION_TOUCH_INTERVAL: '30' }).sessionTouchIntervalMs, 30 * SECOND)
    })

    it('SESSION_TOUCH_INTERVAL above a tenth of SESSION_LIFE is lowered to that tenth', () => {
      const config = loadConfig({ SESSION_LIFE: '100s', SESSION_TOUCH_INTERVAL: '60s' })
      assert.equal(config.sessionTouchIntervalMs, 10 * SECOND)
      const atTenth = loadConfig({ SESSION_LIFE: '100s', SESSION_TOUCH_INTERVAL: '10s' })
      assert.equal(atTenth.sessionTouchIntervalMs, 10 * SECOND)
      const below = loadConfig({ SESSION_LIFE: '100s', SESSION_TOUCH_INTERVAL: '9s' })
      assert.equal(below.sessionTouchIntervalMs, 9 * SECOND)
    })

    it('SESSION_ABSOLUTE_LIFE is off by default, with off or 0, and a duration otherwise', () => {
      assert.equal(loadConfig({ SESSION_ABSOLUTE_LIFE: 'off' }).sessionAbsoluteLifeMs, null)
      assert.equal(loadConfig({ SESSION_ABSOLUTE_LIFE: '0' }).sessionAbsoluteLifeMs, null)
      assert.equal(loadConfig({ SESSION_ABSOLUTE_LIFE: 'OFF' }).sessionAbsoluteLifeMs, null)
      assert.equal(loadConfig({ SESSION_ABSOLUTE_LIFE: '30d' }).sessionAbsoluteLifeMs, 30 * DAY)
    })

    it('PORT accepts 0 to 65535', () => {
      assert.equal(loadConfig({ PORT: '0' }).port, 0)
      assert.equal(loadConfig({ PORT: '8080' }).port, 8080)
      assert.equal(loadConfig({ PORT: '65535' }).port, 65535)
    })

    it('HOST accepts addresses and host names', () => {
      for (const host of ['127.0.0.1', '::', '::1', 'localhost', 'api.internal.example.com']) {
        assert.equal(loadConfig({ HOST: host }).host, host)
      }
    })

    it('DATABASE_URL accepts sqlite paths and postgres URLs', () => {
      assert.deepEqual(loadConfig({ DATABASE_URL: 'sqlite:/tmp/q.db' }).database, {
        kind: 'sqlite',
        path: '/tmp/q.db',
        busyTimeoutMs: 1000,
      })
      assert.deepEqual(
        loadConfig({ DATABASE_URL: 'sqlite::memory:', DATABASE_BUSY_TIMEOUT: '250ms' }).database,
        {
          kind: 'sqlite',
          path: ':memory:',
          busyTimeoutMs: 250,
        },
      )
      const relative = loadConfig({ DATABASE_URL: 'sqlite:data/other.db' }).database
      assert.ok(
        relative.kind === 'sqlite' && isAbsolute(relative.path) && relative.path.endsWith('/data/other.db'),
      )
      for (const url of ['postgres://quire:secret@db:5432/quire', 'postgresql://localhost/quire']) {
        assert.deepEqual(loadConfig({ DATABASE_URL: url }).database, {
          kind: 'postgres',
          url,
          migrationUrl: null,
          poolMax: 10,
          statementTimeoutMs: 5 * SECOND,
          connectTimeoutMs: 2 * SECOND,
          probeTimeoutMs: 500,
          preparedStatements: true,
        })
      }
    })

    it('DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT, DATABASE_CONNECT_TIMEOUT, DATABASE_PROBE_TIMEOUT, DATABASE_MIGRATION_URL and DATABASE_PREPARED_STATEMENTS set the PostgreSQL pool', () => {
      const database = loadConfig({
        DATABASE_URL: 'postgres://quire@pgbouncer:6432/quire',
        DATABASE_MIGRATION_URL: 'postgres://quire@db:5432/quire',
        DATABASE_POOL_MAX: '25',
        DATABASE_STATEMENT_TIMEOUT: '1500ms',
        DATABASE_CONNECT_TIMEOUT: '1s',
        DATABASE_PROBE_TIMEOUT: '750ms',
      }).database
      assert.deepEqual(database, {
        kind: 'postgres',
        url: 'postgres://quire@pgbouncer:6432/quire',
        migrationUrl: 'postgres://quire@db:5432/quire',
        poolMax: 25,
        statementTimeoutMs: 1500,
        connectTimeoutMs: SECOND,
        probeTimeoutMs: 750,
        // Behind a pooler (a migration URL of its own), compiled queries are not prepared by default.
        preparedStatements: false,
      })
      const unlimited = loadConfig({ DATABASE_URL: 'postgres://db/quire', DATABASE_STATEMENT_TIMEOUT: '0' })
      assert.ok(unlimited.database.kind === 'postgres' && unlimited.database.statementTimeoutMs === 0)
      const unprobed = loadConfig({ DATABASE_URL: 'postgres://db/quire', DATABASE_PROBE_TIMEOUT: '0' })
      assert.ok(unprobed.database.kind === 'postgres' && unprobed.database.probeTimeoutMs === 0)
      // Either way round, DATABASE_PREPARED_STATEMENTS says so explicitly (PgBouncer 1.21+ prepares).
      const unprepared = loadConfig({
        DATABASE_URL: 'postgres://db/quire',
        DATABASE_PREPARED_STATEMENTS: 'false',
      })
      assert.ok(unprepared.database.kind === 'postgres' && !unprepared.database.preparedStatements)
      const pooled = loadConfig({
        DATABASE_URL: 'postgres://quire@pgbouncer:6432/quire',
        DATABASE_MIGRATION_URL: 'postgres://quire@db:5432/quire',
        DATABASE_PREPARED_STATEMENTS: 'true',
      })
      assert.ok(pooled.database.kind === 'postgres' && pooled.database.preparedStatements)
    })

    it('PASSWORD_MIN_LENGTH accepts 8 to 64', () => {
      assert.equal(loadConfig({ PASSWORD_MIN_LENGTH: '8' }).passwordMinLength, 8)
      assert.equal(loadConfig({ PASSWORD_MIN_LENGTH: '64' }).passwordMinLength, 64)
    })

    it('SESSIONS_PER_USER_MAX, ATTACHMENT_MAX_BYTES, ATTACHMENT_CACHE_BYTES and JSON_BODY_MAX_BYTES accept integers in range', () => {
      const config = loadConfig({
        SESSIONS_PER_USER_MAX: '1',
        ATTACHMENT_MAX_BYTES: '1048576',
        ATTACHMENT_CACHE_BYTES: '0',
        JSON_BODY_MAX_BYTES: '1024',
      })
      assert.equal(config.sessionsPerUserMax, 1)
      assert.equal(config.attachmentMaxBytes, 1048576)
      assert.equal(config.attachmentCacheBytes, 0)
      assert.equal(config.jsonBodyMaxBytes, 1024)
      assert.equal(loadConfig({}).attachmentCacheBytes, 4 * 1024 * 1024)
    })

    it('ALLOW_QUERY_TOKEN accepts the usual spellings of true and false', () => {
      for (const text of ['true', 'TRUE', '1', 'yes', 'on']) {
        assert.equal(loadConfig({ ALLOW_QUERY_TOKEN: text }).allowQueryToken, true, text)
      }
      for (const text of ['false', 'False', '0', 'no', 'off']) {
        assert.equal(loadConfig({ ALLOW_QUERY_TOKEN: text }).allowQueryToken, false, text)
      }
    })

    it('CORS_ORIGINS accepts * or a comma-separated list of origins', () => {
      assert.equal(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, '*')
      assert.deepEqual(
        loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).corsOrigins,
        ['https://app.example.com', 'http://localhost:5173'],
      )
    })

    it('LOG_LEVEL accepts every pino level, in any case', () => {
      for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
        assert.equal(loadConfig({ LOG_LEVEL: level }).logLevel, level)
      }
      assert.equal(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel, 'debug')
    })

    it('TRUST_PROXY accepts true, false, a hop count, or addresses and CIDRs', () => {
      assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
      assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false)
      assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
      assert.deepEqual(
        loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, fd00::/8, loopback' }).trustProxy,
        ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
      )
    })

    it('LOGIN_FAILURE_LIMIT and AUTH_IP_LIMIT accept a count per duration', () => {
      const config = loadConfig({ LOGIN_FAILURE_LIMIT: '5/1h', AUTH_IP_LIMIT: '1000/30s' })
      assert.deepEqual(config.loginAttemptsPerEmailAndAddress, { max: 5, windowMs: HOUR })
      assert.deepEqual(config.authAttemptsPerIp, { max: 1000, windowMs: 30 * SECOND })
    })

    it('REQUEST_LIMIT is off by default, with off in any case, and a count per duration otherwise', () => {
      assert.equal(loadConfig({ REQUEST_LIMIT: 'off' }).requestsPerAddress, null)
      assert.equal(loadConfig({ REQUEST_LIMIT: ' OFF ' }).requestsPerAddress, null)
      assert.deepEqual(loadConfig({ REQUEST_LIMIT: '1200/1m' }).requestsPerAddress, {
        max: 1200,
        windowMs: MINUTE,
      })
      assert.deepEqual(loadConfig({ REQUEST_LIMIT: '3/1s' }).requestsPerAddress, { max: 3, windowMs: SECOND })
      assert.deepEqual(loadConfig({ REQUEST_LIMIT: '100000000/1m' }).requestsPerAddress, {
        max: 100_000_000,
        windowMs: MINUTE,
      })
    })

    it('LOGIN_FAILURE_EMAIL_LIMIT, USER_POST_LIMIT and USER_COMMENT_LIMIT accept a count per duration', () => {
      const config = loadConfig({
        LOGIN_FAILURE_EMAIL_LIMIT: '50/2h',
        USER_POST_LIMIT: '5/10s',
        USER_COMMENT_LIMIT: '1000/1h',
      })
      assert.deepEqual(config.loginAttemptsPerEmail, { max: 50, windowMs: 2 * HOUR })
      assert.deepEqual(config.postsPerUser, { max: 5, windowMs: 10 * SECOND })
      assert.deepEqual(config.commentsPerUser, { max: 1000, windowMs: HOUR })
    })

    it('USER_STORAGE_MAX_BYTES takes a byte count, from 1 byte to petabytes', () => {
      assert.equal(loadConfig({ USER_STORAGE_MAX_BYTES: '5000' }).userStorageMaxBytes, 5000)
      assert.equal(loadConfig({ USER_STORAGE_MAX_BYTES: '1' }).userStorageMaxBytes, 1)
      assert.equal(loadConfig({ USER_STORAGE_MAX_BYTES: '1125899906842624' }).userStorageMaxBytes, 1024 ** 5)
    })

    it('PASSWORD_BREACH_CHECK takes off or hibp, and its URL gets a trailing slash', () => {
      const config = loadConfig({
        PASSWORD_BREACH_CHECK: 'HIBP',
        PASSWORD_BREACH_CHECK_URL: 'http://127.0.0.1:8080/range',
      })
      assert.equal(config.passwordBreachCheck, 'hibp')
      assert.equal(config.passwordBreachCheckUrl, 'http://127.0.0.1:8080/range/')
    })

    it('mail, account-recovery and two-factor settings have the documented defaults', () => {
      const config = loadConfig({})
      assert.deepEqual(config.mail, { kind: 'log' })
      assert.equal(config.mailFrom, 'Quire <no-reply@localhost>')
      assert.equal(config.appUrl, 'http://localhost:3000')
      assert.equal(config.resetTokenLifeMs, HOUR)
      assert.equal(config.verifyTokenLifeMs, 48 * HOUR)
      assert.equal(config.requireVerifiedEmail, false)
      assert.deepEqual(config.passwordResetsPerEmail, { max: 3, windowMs: HOUR })
      assert.deepEqual(config.verificationMailsPerUser, { max: 3, windowMs: HOUR })
      assert.equal(config.secretKey, null)
      assert.ok(isAbsolute(config.secretKeyFile) && config.secretKeyFile.endsWith('/data/secret.key'))
      assert.equal(config.totpIssuer, 'Quire')
    })

    it('MAIL_URL accepts log, smtp:// and smtps:// URLs', () => {
      assert.deepEqual(loadConfig({ MAIL_URL: 'LOG' }).mail, { kind: 'log' })
      for (const url of [
        'smtp://user:pass@mail.example.com:587',
        'smtps://mail.example.com',
        'smtp://127.0.0.1:2525',
      ]) {
        assert.deepEqual(loadConfig({ MAIL_URL: url }).mail, { kind: 'smtp', url })
      }
    })

    it('MAIL_FROM, APP_URL, SECRET_KEY, SECRET_KEY_FILE and TOTP_ISSUER accept their forms', () => {
      assert.equal(loadConfig({ MAIL_FROM: 'no-reply@example.com' }).mailFrom, 'no-reply@example.com')
      assert.equal(
        loadConfig({ MAIL_FROM: 'Acme Notes <hello@acme.example>' }).mailFrom,
        'Acme Notes <hello@acme.example>',
      )
      assert.equal(loadConfig({ APP_URL: 'https://app.example.com/' }).appUrl, 'https://app.example.com')
      assert.equal(loadConfig({ APP_URL: 'https://example.com/app' }).appUrl, 'https://example.com/app')
      const key = Buffer.alloc(32, 7)
      assert.deepEqual(loadConfig({ SECRET_KEY: key.toString('base64') }).secretKey, key)
      assert.equal(
        loadConfig({ SECRET_KEY_FILE: '/run/secrets/quire.key' }).secretKeyFile,
        '/run/secrets/quire.key',
      )
      assert.equal(loadConfig({ TOTP_ISSUER: 'Acme Notes' }).totpIssuer, 'Acme Notes')
    })

    it('token lives, REQUIRE_VERIFIED_EMAIL and the mail limits accept their forms', () => {
      const config = loadConfig({
        RESET_TOKEN_LIFE: '15m',
        VERIFY_TOKEN_LIFE: '7d',
        REQUIRE_VERIFIED_EMAIL: 'true',
        PASSWORD_RESET_LIMIT: '5/1d',
        VERIFICATION_MAIL_LIMIT: '10/1h',
      })
      assert.equal(config.resetTokenLifeMs, 15 * MINUTE)
      assert.equal(config.verifyTokenLifeMs, 7 * DAY)
      assert.equal(config.requireVerifiedEmail, true)
      assert.deepEqual(config.passwordResetsPerEmail, { max: 5, windowMs: DAY })
      assert.deepEqual(config.verificationMailsPerUser, { max: 10, windowMs: HOUR })
    })

    it('MAIL_RECIPIENT_LIMIT and REGISTER_IP_LIMIT accept a count per duration', () => {
      const config = loadConfig({ MAIL_RECIPIENT_LIMIT: '10/1d', REGISTER_IP_LIMIT: '3/30m' })
      assert.deepEqual(config.mailsPerRecipient, { max: 10, windowMs: DAY })
      assert.deepEqual(config.registrationsPerIp, { max: 3, windowMs: 30 * MINUTE })
    })
  })

  describe('errors', () => {
    // Every variable, and for each every kind of bad value it can be given.
    const badValues: Record<string, string[]> = {
      PORT: ['abc', '-1', '65536', '3000.5', '1e3', '0x50', '99999999999999999999'],
      HOST: ['not a host', 'http://example.com', 'host/path', 'a,b'],
      DATABASE_URL: [
        'sqlite:',
        'mysql://localhost/quire',
        './data/quire.db',
        'postgres://user:pw@host:notaport/db',
      ],
      SESSION_LIFE: ['abc', '0', '0s', '-5m', '1.5h', '14 days', '5w', '999999999999d'],
      SESSION_TOUCH_INTERVAL: ['abc', '-1', '1.5m', 'soon'],
      SESSION_ABSOLUTE_LIFE: ['abc', 'never', '-1d', '0s'],
      SESSIONS_PER_USER_MAX: ['0', '10001', 'many', '-3'],
      WORKERS: ['0', '257', 'all', '-1', '1.5', 'auto2'],
      PASSWORD_MIN_LENGTH: ['7', '65', '0', 'ten', '9.5'],
      ALLOW_QUERY_TOKEN: ['maybe', '2', 'enabled'],
      CORS_ORIGINS: [
        'example.com',
        'https://app.example.com/',
        'https://app.example.com/path',
        'ftp://files.example.com',
        'https://app.example.com,*',
        'https://a.example.com,,https://b.example.com',
      ],
      ATTACHMENT_MAX_BYTES: ['0', '1073741825', '10MB', '-1'],
      ATTACHMENT_CACHE_BYTES: ['1073741825', '4MiB', '-1'],
      JSON_BODY_MAX_BYTES: ['1023', '67108865', '1mb', 'lots'],
      LOG_LEVEL: ['verbose', 'warning', '3'],
      TRUST_PROXY: ['yes', 'maybe', '999.1.1.1', 'face', '10.0.0.0/99', '100', 'proxy.example.com'],
      LOGIN_FAILURE_LIMIT: ['10', '0/15m', '10/0', '10/abc', 'ten/15m', '-1/15m', '10/15m/2'],
      AUTH_IP_LIMIT: ['100', '0/1m', '100/0s', '100/forever', '/1m'],
      LOGIN_FAILURE_EMAIL_LIMIT: ['100', '0/1h', '100/never'],
      USER_STORAGE_MAX_BYTES: ['0', '1GB', '-5', '1.5', '9007199254740992'],
      USER_POST_LIMIT: ['30', '0/1m', 'many/1m', '30/0s'],
      USER_COMMENT_LIMIT: ['60', '0/1m', '60/ever'],
      REQUEST_LIMIT: [
        'on',
        '1200',
        '0/1m',
        '1200/0s',
        '1200/forever',
        'unlimited',
        '1e3/1m',
        '1000000000/1m',
      ],
      PASSWORD_BREACH_CHECK: ['on', 'true', 'pwned'],
      PASSWORD_BREACH_CHECK_URL: ['api.pwnedpasswords.com', 'ftp://example.com/', 'https://x.example/?q=1'],
      HEADERS_TIMEOUT: ['0', 'soon', '-1s', '121s'],
      REQUEST_TIMEOUT: ['0', 'later', '1.5m', '5x'],
      DATABASE_POOL_MAX: ['0', '1001', 'ten', '-1'],
      DATABASE_STATEMENT_TIMEOUT: ['abc', '-1s', '5 seconds'],
      DATABASE_CONNECT_TIMEOUT: ['0', '0s', 'soon', '-2s'],
      DATABASE_PROBE_TIMEOUT: ['-1s', 'fast', '1 second'],
      DATABASE_PREPARED_STATEMENTS: ['maybe', 'prepared', '2'],
      DATABASE_MIGRATION_URL: ['mysql://db/quire', 'postgres://user:pw@host:notaport/db'],
      MAIL_URL: ['http://mail.example.com', 'smtp://', 'sendmail', 'mail.example.com:25'],
      MAIL_FROM: ['nobody', 'a@b.c\r\nBcc: victim@example.com', 'Name <a@b.c', 'a@b.c, c@d.e', '<>'],
      APP_URL: [
        'app.example.com',
        'ftp://app.example.com',
        'https://app.example.com?x=1',
        'https://a.example.com/#x',
      ],
      RESET_TOKEN_LIFE: ['0', 'soon', '-1h'],
      VERIFY_TOKEN_LIFE: ['0s', '2 days'],
      REQUIRE_VERIFIED_EMAIL: ['maybe', 'required'],
      PASSWORD_RESET_LIMIT: ['3', '0/1h', '3/never'],
      VERIFICATION_MAIL_LIMIT: ['0/1h', 'x/1h'],
      // Like every other limit, neither can be turned off: a huge count is the way to lift one.
      MAIL_RECIPIENT_LIMIT: ['5', '0/1h', '5/0s', 'off', 'five/1h', '5/1h/2'],
      REGISTER_IP_LIMIT: ['20', '0/1h', '20/never', 'off', '-1/1h'],
      SECRET_KEY: [
        'short',
        Buffer.alloc(16).toString('base64'),
        Buffer.alloc(33).toString('base64'),
        'not base64 at all!',
      ],
      TOTP_ISSUER: ['Acme:Notes', 'x'.repeat(65), 'bad\u0007bell'],
      SHUTDOWN_DRAIN: ['soon', '-1s', '6m'],
      SESSION_CACHE: ['soon', '-1s', '61s'],
      EVENTS_RETENTION: ['59s', '8d', 'forever', '-1h'],
      EVENTS_HEARTBEAT: ['99ms', '6m', 'often'],
      EVENTS_POLL: ['49ms', '11s', '0', 'fast'],
      EVENTS_STREAMS_PER_USER: ['0', '10001', 'ten'],
    }
    for (const [variable, values] of Object.entries(badValues)) {
      for (const value of values) {
        it(`${variable}=${JSON.stringify(value)} stops start-up with a ConfigError naming ${variable}`, () => {
          assertRejected({ [variable]: value }, variable)
        })
      }
    }

    it('the message says what the variable accepts and what it got', () => {
      const error = assertRejected({ SESSION_LIFE: 'abc' }, 'SESSION_LIFE')
      assert.match(error.message, /90s/)
      assert.match(error.message, /14d/)
      assert.match(error.message, /"abc"/)
      const range = assertRejected({ PASSWORD_MIN_LENGTH: '7' }, 'PASSWORD_MIN_LENGTH')
      assert.match(range.message, /8 to 64/)
      const absolute = assertRejected({ SESSION_ABSOLUTE_LIFE: 'never' }, 'SESSION_ABSOLUTE_LIFE')
      assert.match(absolute.message, /\boff\b/, 'names every accepted form')
      const budget = assertRejected({ REQUEST_LIMIT: 'on' }, 'REQUEST_LIMIT')
      assert.match(budget.message, /^REQUEST_LIMIT must be off or a count per duration such as 10\/15m/)
      assert.match(budget.message, /"on"/)
    })
  })

  describe('security', () => {
    it('a rejected DATABASE_URL never echoes its password', () => {
      for (const url of [
        'mysql://quire:hunter2secret@db.example.com/quire',
        'postgres://quire:hunter2secret@db.example.com:notaport/quire',
        'postgres://quire:hunter2secret@[db.example.com/quire',
        'postgresql://quire:hunter2secret@db example.com/quire',
        'quire:hunter2secret@db.example.com',
      ]) {
        const error = assertRejected({ DATABASE_URL: url }, 'DATABASE_URL')
        assert.ok(!error.message.includes('hunter2secret'), error.message)
        const migration = assertRejected(
          { DATABASE_URL: 'postgres://db/quire', DATABASE_MIGRATION_URL: url },
          'DATABASE_MIGRATION_URL',
        )
        assert.ok(!migration.message.includes('hunter2secret'), migration.message)
      }
    })

    it('DATABASE_MIGRATION_URL with a SQLite DATABASE_URL is refused without echoing it', () => {
      const error = assertRejected(
        {
          DATABASE_URL: 'sqlite:/tmp/q.db',
          DATABASE_MIGRATION_URL: 'postgres://quire:hunter2secret@db/quire',
        },
        'DATABASE_MIGRATION_URL',
      )
      assert.ok(!error.message.includes('hunter2secret'), error.message)
    })
    it('a rejected MAIL_URL never echoes its password, nor a rejected SECRET_KEY itself', () => {
      const mail = assertRejected({ MAIL_URL: 'http://quire:hunter2secret@mail.example.com' }, 'MAIL_URL')
      assert.ok(!mail.message.includes('hunter2secret'), mail.message)
      const key = 'hunter2secret'.repeat(4)
      const secret = assertRejected({ SECRET_KEY: key }, 'SECRET_KEY')
      assert.ok(!secret.message.includes('hunter2'), secret.message)
    })
  })
})
