import { randomUUID } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { DestinationStream } from 'pino'
import { administrationRoutes } from './administration/administration.routes.js'
import { attachmentsRoutes } from './attachments/attachments.routes.js'
import { auditRoutes } from './audit/audit.routes.js'
import { commentsRoutes } from './comments/comments.routes.js'
import type { Config } from './config.js'
import type { Db } from './db/database.js'
import { docsRoutes, openApiGenerator, rootRedirect } from './openapi/openapi.routes.js'
import { ApiError } from './errors.js'
import { eventsRoutes } from './events/events.routes.js'
import { emailVerificationsRoutes } from './email-verifications/email-verifications.routes.js'
import { healthRoutes } from './health/health.routes.js'
import {
  clientErrorHandler,
  handleError,
  MAX_URL_LENGTH,
  notFoundHandler,
  trackRouteMethods,
} from './http/error-handling.js'
import { authentication } from './sessions/authenticate.js'
import { corsHandler } from './http/cors.js'
import { strictJsonBodies } from './http/json-body.js'
import { orderAfterUnsafe, releaseWaiting, trackPipelinedRequests } from './http/pipelining.js'
import { rateLimitPlugin } from './rate-limits/rate-limits.js'
import { requestLifecycle } from './http/lifecycle.js'
import { requestBudgetFor } from './http/request-budget.js'
import { closeStalledResponses } from './http/stalled-responses.js'
import { createSerializerCompiler } from './http/serialization.js'
import { createValidatorCompiler } from './http/validation.js'
import { API_PREFIX } from './http/links.js'
import { createLogger, fastifyLogging } from './logging.js'
import { MailSender, type Outbox, type SenderOptions } from './mail/outbox.js'
import { createMailTransport } from './mail/transport.js'
import { scheduleSweeps } from './maintenance.js'
import {
  PASSWORD_RESET_JOB,
  passwordResetJob,
  passwordResetsRoutes,
} from './password-resets/password-resets.routes.js'
import { moderationRoutes } from './moderation/moderation.routes.js'
import { postsRoutes } from './posts/posts.routes.js'
import { postAccessFor, type PostAccess } from './posts/post-access.js'
import { rowCacheLog } from './row-cache/row-cache.js'
import { reportsRoutes } from './reports/reports.routes.js'
import { loadSecretKey, SecretBox } from './secrets.js'
import { sessionsRoutes } from './sessions/sessions.routes.js'
import { totpRoutes } from './totp/totp.routes.js'
import { createCredentials } from './accounts/credentials.js'
import { usersRoutes } from './users/users.routes.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>
    db: Db
    /** Encrypts secrets kept at rest (TOTP secrets, queued mail) with SECRET_KEY. */
    secretBox: SecretBox
    /** What `enqueueMail` takes to queue a message: the secret box and the per-recipient limit. */
    outbox: Outbox
    /** Delivers the mail outbox; `wake()` it after a transaction that queued mail. */
    mailSender: MailSender
    /** Who may see a post, by ID (its author, visibility and hidden flag), from a copy read moments ago when it can. */
    postAccess: PostAccess
  }
}

/** What an app is built from; the caller owns the database and closes it. */
interface AppOptions {
  config: Readonly<Config>
  db: Db
  /** Build revision reported by `GET /v1`. */
  version: string
  /** Where log lines go (default: stdout). Tests pass a stream to read them. */
  logStream?: DestinationStream
  /** Pacing of the mail sender (tests use short intervals). */
  mailSender?: Partial<SenderOptions>
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/
/** Echoes a well-formed incoming X-Request-Id; anything else gets a fresh UUID. */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id']
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID()
}

/** `/api/v1…` is the same API as `/v1…` (the seed's two addressing forms); everything else is unchanged. */
function rewriteUrl(request: { url?: string }): string {
  const url = request.url ?? '/'
  return url.startsWith('/api/') && /^\/api\/v1(?=[/?]|$)/.test(url) ? url.slice('/api'.length) : url
}

/**
 * Headers every response carries, set before anything can fail: its request ID, no MIME sniffing,
 * and no caching unless a route says otherwise (conditional reads and the docs set their own).
 */
function setCommonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
}

/**
 * Builds the Quire application without listening, so tests can `inject` into it and the server can
 * start it. Routes are listed once, here, under `/v1`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, version } = options

  const logger = createLogger(config.logLevel, options.logStream)
  const deadlineCheckMs = Math.max(
    50,
    Math.min(30_000, Math.floor(Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 10)),
  )
  const app = Fastify({
    ...fastifyLogging(logger),
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: config.jsonBodyMaxBytes,
    rewriteUrl,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // A slow or stalled client cannot hold a socket forever: its headers must arrive within
    // HEADERS_TIMEOUT, the whole request within REQUEST_TIMEOUT, an idle keep-alive socket closes after
    // 72 s, and one that stops reading its answer after REQUEST_TIMEOUT (closeStalledResponses below).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    // Node checks those two deadlines only this often (30 s by default, which would double them).
    http: { connectionsCheckingInterval: deadlineCheckMs },
    // While draining, a request arriving on an open keep-alive connection is still served (with
    // `Connection: close`) rather than given Fastify's bare, unenveloped 503.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => {
      // Raised before any hook runs, so the common headers are not set yet.
      setCommonHeaders(request, reply)
      handleError(error, request, reply)
    },
  }).withTypeProvider<TypeBoxTypeProvider>()
  // Above info Fastify runs without a logger of its own (see fastifyLogging); plugins inherit this one.
  app.log = logger
  if (config.trustProxy === true) {
    app.log.warn(
      { setting: 'TRUST_PROXY' },
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so any client can choose its address (rate limits, ' +
        'session metadata); set the number of proxy hops or the proxies’ addresses/CIDRs instead',
    )
  }
  app.server.headersTimeout = config.headersTimeoutMs
  const stopStalledCheck = closeStalledResponses(app.server, config.requestTimeoutMs, deadlineCheckMs)
  app.addHook('onClose', async () => {
    stopStalledCheck()
  })

  // JSON is the only body parsed everywhere; Fastify's default text/plain parser would turn a wrong
  // Content-Type into a confusing 400 instead of 415. Routes taking other types add their own parser.
  app.removeContentTypeParser('text/plain')
  strictJsonBodies(app)
  app.setValidatorCompiler(createValidatorCompiler())
  app.setSerializerCompiler(createSerializerCompiler())
  app.setErrorHandler(handleError)
  const allowedMethods = trackRouteMethods(app)
  app.setNotFoundHandler(notFoundHandler(allowedMethods))

  app.decorate('config', config)
  app.decorate('db', db)
  const secretBox = new SecretBox(loadSecretKey(config.secretKey, config.secretKeyFile))
  app.decorate('secretBox', secretBox)
  const outbox: Outbox = { box: secretBox, perRecipient: config.mailsPerRecipient, log: app.log }
  app.decorate('outbox', outbox)
  const mailTransport = createMailTransport(config.mail, config.mailFrom, app.log, {
    showTokens: !config.production,
  })
  const mailSender = new MailSender(
    db,
    secretBox,
    mailTransport,
    config.appUrl,
    app.log,
    options.mailSender,
    {
      [PASSWORD_RESET_JOB]: passwordResetJob(outbox, config.resetTokenLifeMs),
    },
  )
  app.decorate('mailSender', mailSender)
  const postAccess = await postAccessFor(db, config.postAccessCacheMs, config.workers, rowCacheLog(app.log))
  app.decorate('postAccess', postAccess)
  app.addHook('onClose', async () => {
    await postAccess.close()
  })
  app.addHook('onReady', async () => {
    mailSender.start()
  })
  app.addHook('onClose', async () => {
    await mailSender.stop()
  })
  if (config.mail.kind === 'log' && config.production) {
    app.log.warn('MAIL_URL is "log": mail is written to the log, not sent. Set MAIL_URL to an SMTP server.')
  }
  const lifecycle = requestLifecycle(app)
  // One hook for what every request needs before routing: a callback, not a promise, and prepared
  // values only (it runs on every request). Last, a request pipelined behind an unsafe one waits for
  // it (pipelining.ts); the onSend hook below, which every answered request reaches, lets it go on.
  const cors = corsHandler(config.corsOrigins)
  trackPipelinedRequests(app)
  // REQUEST_LIMIT; created before any route, since it learns which routes are exempt as they come.
  const requestBudget = requestBudgetFor(app, config.requestsPerAddress)
  app.addHook('onRequest', (request, reply, done) => {
    lifecycle.started(request)
    setCommonHeaders(request, reply)
    if (cors(request, reply)) return // a preflight, answered
    // After CORS, so a browser can read these errors too; the budget first, so every other request counts.
    const refusal = requestBudget?.admit(request)
    if (refusal !== undefined) {
      done(refusal)
      return
    }
    if (request.url.length > MAX_URL_LENGTH) {
      done(new ApiError('URI_TOO_LONG', `Request URL is longer than ${MAX_URL_LENGTH} characters`))
      return
    }
    orderAfterUnsafe(request, done)
  })
  // Every OPTIONS request is a preflight, answered by the hook above; this route only lets it be routed.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.code(204).send())
  app.addHook('onSend', (request, reply, payload, done) => {
    releaseWaiting(request)
    lifecycle.answered(request, reply)
    requestBudget?.writeHeaders(request, reply)
    done(null, payload)
  })

  await app.register(openApiGenerator)
  await app.register(rateLimitPlugin)

  const credentials = await createCredentials(config)

  // The route list: grep here to find which module serves a URL.
  await app.register(rootRedirect)
  await app.register(
    async (v1) => {
      await v1.register(healthRoutes, { version })
      await v1.register(docsRoutes)
      // Everything below authenticates any token it is sent; routes opt out of requiring one.
      await v1.register(async (api) => {
        await api.register(authentication)
        await api.register(usersRoutes, { credentials })
        await api.register(sessionsRoutes, { credentials })
        await api.register(passwordResetsRoutes, { credentials })
        await api.register(emailVerificationsRoutes, { credentials })
        await api.register(totpRoutes, { credentials })
        await api.register(postsRoutes)
        await api.register(attachmentsRoutes)
        await api.register(commentsRoutes)
        await api.register(moderationRoutes)
        await api.register(reportsRoutes)
        await api.register(administrationRoutes)
        await api.register(auditRoutes)
        await api.register(eventsRoutes)
      })
    },
    { prefix: API_PREFIX },
  )
  scheduleSweeps(app)

  return app
}
