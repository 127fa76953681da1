import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { ErrorBody } from '../errors.js'
import { DOCS_CSS, DOCS_FAVICON_SVG, DOCS_JS, DOCS_LOGO_SVG } from './theme.js'

/** The three RateLimit headers, each described by `meaning` (which quota they report, and when). */
function rateLimitHeaders(meaning: { limit: string; remaining: string; reset: string }) {
  const count = { type: 'integer', format: 'int32', maximum: 1_000_000_000 }
  return {
    'RateLimit-Limit': { ...count, minimum: 1, description: meaning.limit },
    'RateLimit-Remaining': { ...count, minimum: 0, description: meaning.remaining },
    'RateLimit-Reset': { ...count, minimum: 0, description: meaning.reset },
  }
}

/** Sent on every answer of a route with a quota of its own (`config.rateLimit`). */
const ROUTE_QUOTA_HEADERS = rateLimitHeaders({
  limit:
    'Requests allowed per window by this route’s quota (per client address, or per account where the route ' +
    'says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead',
  remaining: 'Requests left in the quota reported (the one with fewer left)',
  reset: 'Seconds until the quota reported is whole again',
})

/** Sent on every answer of every other route (the health probes excepted) while REQUEST_LIMIT is on. */
const REQUEST_BUDGET_HEADERS = rateLimitHeaders({
  limit:
    'Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses ' +
    'counted per /64), refilled continuously',
  remaining: 'Present when REQUEST_LIMIT is on: requests this client address has left now',
  reset: 'Present when REQUEST_LIMIT is on: seconds until its budget is full again',
})

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
    pattern: '^(\\*|https?://[^/]+)$',
    description: 'CORS: `*` or the allowed origin (CORS_ORIGINS)',
  },
}

/**
 * Every route but the exempt health probes (`config.requestBudget: false`) sends the RateLimit headers
 * on every answer while REQUEST_LIMIT is on, and routes with a quota of their own (`config.rateLimit`)
 * always do; a 429 carries Retry-After. The document says so on each response, beside the headers a
 * route declares itself and the CORS header every response to a browser carries.
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
  const config = typeof route.config === 'object' && route.config !== null ? route.config : {}
  const limited = 'rateLimit' in config
  const budgeted = !('requestBudget' in config && config.requestBudget === false)
  const responses = schema.response as Record<string, { headers?: object }> | undefined
  if (!responses || (!limited && !budgeted)) return { schema, url }
  const quotaHeaders = limited ? ROUTE_QUOTA_HEADERS : REQUEST_BUDGET_HEADERS
  const response = Object.fromEntries(
    Object.entries(responses).map(([status, body]) => [
      status,
      {
        ...body,
        headers: {
          ...body.headers,
          ...quotaHeaders,
          ...CORS_ORIGIN_HEADER,
          ...(status === '429' ? RETRY_AFTER_HEADER : {}),
        },
      },
    ]),
  )
  return { schema: { ...schema, response }, url }
}

/** The property names a request schema declares, through `anyOf`/`oneOf`/`allOf` branches too. */
function declaredNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return []
  const { properties, anyOf, oneOf, allOf } = schema as Record<string, unknown>
  const own = typeof properties === 'object' && properties !== null ? Object.keys(properties) : []
  const branches = [anyOf, oneOf, allOf].flatMap((list): unknown[] => (Array.isArray(list) ? list : []))
  return [...own, ...branches.flatMap(declaredNames)]
}

/**
 * A 422 names the fields that failed, and those can only be the operation's body and query fields (or
 * one it does not take, under that name): the document lists them on each 422, so a typed client can
 * check the names it reads.
 */
function documentFieldErrors<Input extends { schema: FastifySchema }>(input: Input): Input {
  const responses = input.schema.response as Record<string, unknown> | undefined
  if (!responses || !('422' in responses)) return input
  const names = [
    ...new Set([...declaredNames(input.schema.body), ...declaredNames(input.schema.querystring)]),
  ]
  const { code, message } = ErrorBody.properties.error.properties
  const why = Type.String({ maxLength: 1000 })
  const fields = Type.Object(Object.fromEntries(names.sort().map((name) => [name, Type.Optional(why)])), {
    additionalProperties: why,
    maxProperties: 100,
    description:
      'Field name → why it failed, for each failing field: one of those listed, or a field the operation ' +
      'does not take, under its own name',
  })
  const body = Type.Object(
    { error: Type.Object({ code, message, fields: Type.Optional(fields) }) },
    {
      description: 'Error envelope of a field validation failure: never carries `data`',
    },
  )
  return { ...input, schema: { ...input.schema, response: { ...responses, 422: body } } }
}

/**
 * The OpenAPI 3.1 document, generated from the route schemas. Registered on the root instance (it
 * must see every route) before the routes themselves.
 */
export const openApiGenerator = fp(async (app) => {
  await app.register(swagger, {
    transform: (input) => documentRateLimits(documentFieldErrors(input)),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire API',
        version: '1',
        description:
          'Accounts, sessions, profile, posts, attachments and comments. Every path also answers under `/api/v1`. ' +
          'Successful responses are `{"data": …}` (lists add `next_page_token` while more rows exist); failures are ' +
          '`{"error": {"code", "message", "fields"?}}`. Every response carries `X-Request-Id`. With REQUEST_LIMIT on, ' +
          'every response but the health probes’ (`GET /v1`, `GET /v1/ready`) carries the RateLimit headers of ' +
          'the client address’s request budget, and a client past it gets 429 with Retry-After.',
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
