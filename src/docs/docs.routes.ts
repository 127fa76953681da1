import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { DOCS_CSS, DOCS_FAVICON_SVG, DOCS_JS, DOCS_LOGO_SVG } from './theme.js'

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: 1_000_000_000,
    description: 'Requests allowed per window (per client address, or per account where the route says so)',
  },
  'RateLimit-Remaining': {
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: 1_000_000_000,
    description: 'Requests left in the current window',
  },
  'RateLimit-Reset': {
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: 1_000_000_000,
    description: 'Seconds until the window resets',
  },
}
const RETRY_AFTER_HEADER = {
  'Retry-After': {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: 1_000_000_000,
    description: 'Seconds to wait before trying again',
  },
}

const CORS_ORIGIN_HEADER = {
  'Access-Control-Allow-Origin': {
    type: 'string',
    maxLength: 2048,
    description: 'CORS: `*` or the allowed origin (CORS_ORIGINS)',
  },
}

/**
 * Routes with a quota per address or per account (`config.rateLimit`) send @fastify/rate-limit's RateLimit headers
 * on every answer, and Retry-After with a 429: the document says so.
 */
function documentRateLimits({
  schema,
  url,
  route,
}: {
  schema: FastifySchema
  url: string
  route: { config?: unknown }
}): { schema: FastifySchema; url: string } {
  const limited = typeof route.config === 'object' && route.config !== null && 'rateLimit' in route.config
  const responses = schema.response as Record<string, object> | undefined
  if (!limited || !responses) return { schema, url }
  const response = Object.fromEntries(
    Object.entries(responses).map(([status, body]) => [
      status,
      /^[24]/.test(status)
        ? {
            ...body,
            headers: {
              ...RATE_LIMIT_HEADERS,
              ...CORS_ORIGIN_HEADER,
              ...(status === '429' ? RETRY_AFTER_HEADER : {}),
            },
          }
        : body,
    ]),
  )
  return { schema: { ...schema, response }, url }
}

/**
 * The OpenAPI 3.1 document, generated from the route schemas. Registered on the root instance (it
 * must see every route) before the routes themselves.
 */
export const openApiGenerator = fp(async (app) => {
  await app.register(swagger, {
    transform: documentRateLimits,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire API',
        version: '1',
        description:
          'Accounts, sessions, profile, posts, attachments and comments. Every path also answers under `/api/v1`. ' +
          'Successful responses are `{"data": …}` (lists add `next_page_token` while more rows exist); failures are ' +
          '`{"error": {"code", "message", "fields"?}}`. Every response carries `X-Request-Id`.',
        license: { name: 'MIT' },
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token from POST /v1/sessions' },
          accessToken: {
            type: 'apiKey',
            in: 'query',
            name: 'access_token',
            description:
              'The session token as a query parameter (can be disabled with ALLOW_QUERY_TOKEN=false)',
          },
        },
      },
      tags: [
        { name: 'health', description: 'Liveness and build revision' },
        {
          name: 'accounts',
          description: 'Registration, the caller’s profile, password reset, email verification and change',
        },
        { name: 'sessions', description: 'Login, logout and the caller’s sessions' },
        { name: 'two-factor', description: 'Two-factor sign-in with an authenticator app (TOTP)' },
        { name: 'posts', description: 'Posts' },
        { name: 'attachments', description: 'Files attached to posts' },
        { name: 'comments', description: 'Comments on posts and attachments' },
      ],
    },
  })
})

/** `/v1/openapi.json` and the interactive reference at `/v1/docs`, whose assets Quire serves itself. */
export const docsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) => {
    // Shared caches may keep it: CORS headers depend on the Origin (see http/cors.ts).
    void reply.header('cache-control', 'no-cache').header('vary', 'Origin')
    return app.swagger()
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Asset links in the page are absolute; without the parent prefix they would point at /docs/static.
    indexPrefix: app.prefix,
    staticCSP: true,
    // Quire serves plain HTTP (often on a LAN host, not localhost): upgrading would break every asset.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { url: '/v1/openapi.json', deepLinking: true, displayRequestDuration: true },
    // "Try it" calls the server the page came from (the document names no other server), never a validator.
    validatorUrl: false,
    logo: { type: 'image/svg+xml', content: DOCS_LOGO_SVG, href: `${app.prefix}/docs`, target: '_self' },
    theme: {
      title: 'Quire API reference',
      css: [{ filename: 'quire.css', content: DOCS_CSS }],
      js: [{ filename: 'quire.js', content: DOCS_JS }],
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          sizes: 'any',
          type: 'image/svg+xml',
          content: DOCS_FAVICON_SVG,
        },
      ],
    },
  })
}
