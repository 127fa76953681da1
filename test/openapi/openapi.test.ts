import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, json } from '../helpers.js'

interface Operation {
  summary?: string
  responses?: Record<string, unknown>
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components?: { securitySchemes?: Record<string, unknown> }
}

interface FieldErrorsSchema {
  properties: {
    error: {
      properties: {
        fields?: { properties?: Record<string, unknown>; additionalProperties?: { type?: string } }
      }
    }
  }
}

const DOCUMENTED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** Every `METHOD /path` the app serves, read from Fastify's route tree (`:param` style). */
function servedRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>()
  const pathAtDepth: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const path = `${depth > 0 ? (pathAtDepth[depth - 1] ?? '') : ''}${match[2] ?? ''}`
    pathAtDepth[depth] = path
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method !== '') routes.add(`${method} ${path}`)
    }
  }
  return routes
}

/** Routes that belong in the API reference: not the reference itself, HEAD, OPTIONS or wildcards. */
function apiRoutes(app: FastifyInstance): string[] {
  return [...servedRoutes(app)]
    .filter((route) => {
      const [method = '', path = ''] = route.split(' ')
      return (
        DOCUMENTED_METHODS.includes(method) &&
        !path.includes('*') &&
        !path.startsWith('/v1/docs') &&
        path !== '/v1/openapi.json'
      )
    })
    .sort()
}

function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort()
}

/** Asset URLs a page loads (`src` and `href` attributes). */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((match) => match[1] ?? '')
}

/** JavaScript without its comments, so a link in a comment is not mistaken for a fetch. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1')
}

describe('OpenAPI and docs', () => {
  describe('happy', () => {
    it('/v1/openapi.json is an OpenAPI 3.1.0 document', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' })
      assert.equal(response.statusCode, 200)
      assert.match(String(response.headers['content-type']), /^application\/json/)
      const document = json<OpenApiDocument>(response)
      assert.equal(document.openapi, '3.1.0')
      assert.ok(document.info.title)
      assert.ok(document.components?.securitySchemes?.['bearer'])
      assert.deepEqual(json(await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })), document)
    })

    it('the document lists every route the app serves, and only those', async (t) => {
      const { app } = await buildTestApp(t)
      const document = json<OpenApiDocument>(await app.inject({ method: 'GET', url: '/v1/openapi.json' }))
      const served = apiRoutes(app)
      assert.ok(served.includes('GET /v1'), 'the route tree was read')
      assert.ok(served.includes('POST /v1/register'), 'the route tree was read')
      assert.deepEqual(documentedRoutes(document), served)
    })

    it('every operation has a summary and documented responses', async (t) => {
      const { app } = await buildTestApp(t)
      const document = json<OpenApiDocument>(await app.inject({ method: 'GET', url: '/v1/openapi.json' }))
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const name = `${method.toUpperCase()} ${path}`
          assert.ok(operation.summary && operation.summary.trim() !== '', `${name} has a summary`)
          const statuses = Object.keys(operation.responses ?? {})
          assert.ok(statuses.length > 0, `${name} documents its responses`)
          assert.ok(
            statuses.some((status) => status.startsWith('2') || status.startsWith('3')),
            `${name} documents a success`,
          )
        }
      }
    })

    it('each 422 lists the fields the operation can name, and the fields a 422 names are among them', async (t) => {
      const { app } = await buildTestApp(t)
      const document = json<OpenApiDocument>(await app.inject({ method: 'GET', url: '/v1/openapi.json' }))
      /** The field names the document lists on an operation's 422. */
      const listed = (method: string, path: string): string[] => {
        const fields = (
          document.paths[path]?.[method]?.responses?.['422'] as
            { content: { 'application/json': { schema: FieldErrorsSchema } } } | undefined
        )?.content['application/json'].schema.properties.error.properties.fields
        assert.ok(fields, `${method.toUpperCase()} ${path} documents a 422 with fields`)
        assert.equal(fields.additionalProperties?.type, 'string', 'a field it does not take is named too')
        return Object.keys(fields.properties ?? {})
      }
      assert.deepEqual(listed('post', '/v1/register'), ['display_name', 'email', 'password'])
      assert.deepEqual(listed('get', '/v1/posts'), ['from', 'limit', 'pagetoken', 'user'])

      const register = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: 'not an address', password: 'short' },
      })
      assert.equal(register.statusCode, 422)
      const named = Object.keys(json<{ error: { fields: object } }>(register).error.fields)
      assert.deepEqual(named.sort(), ['email', 'password'])
      const list = await app.inject({ method: 'GET', url: '/v1/posts?limit=0' })
      assert.equal(list.statusCode, 422)
      assert.deepEqual(Object.keys(json<{ error: { fields: object } }>(list).error.fields), ['limit'])
    })

    it('/v1/docs serves the interactive reference and every asset it loads', async (t) => {
      const { app } = await buildTestApp(t)
      for (const page of ['/v1/docs', '/v1/docs/', '/api/v1/docs']) {
        const response = await app.inject({ method: 'GET', url: page })
        assert.equal(response.statusCode, 200, page)
        assert.match(String(response.headers['content-type']), /^text\/html/)
        const assets = assetUrls(response.body)
        assert.ok(
          assets.some((url) => url.endsWith('swagger-initializer.js')),
          page,
        )
        for (const asset of assets) {
          const url = new URL(asset, `http://quire.invalid${page}`)
          assert.equal(url.origin, 'http://quire.invalid', `${page}: ${asset} is served by Quire`)
          const loaded = await app.inject({ method: 'GET', url: url.pathname + url.search })
          assert.equal(loaded.statusCode, 200, `${page}: ${asset} → ${url.pathname}`)
        }
      }
    })

    it('the reference page loads the same document as /v1/openapi.json', async (t) => {
      const { app } = await buildTestApp(t)
      const fromDocs = await app.inject({ method: 'GET', url: '/v1/docs/json' })
      assert.equal(fromDocs.statusCode, 200)
      assert.deepEqual(json(fromDocs), json(await app.inject({ method: 'GET', url: '/v1/openapi.json' })))
    })
  })

  describe('security', () => {
    it('the docs page and its initializer name no external host (no CDN)', async (t) => {
      const { app } = await buildTestApp(t)
      const page = await app.inject({ method: 'GET', url: '/v1/docs' })
      assert.doesNotMatch(page.body, /(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i)
      const initializer = assetUrls(page.body).find((url) => url.endsWith('swagger-initializer.js'))
      assert.ok(initializer)
      const script = await app.inject({
        method: 'GET',
        url: new URL(initializer, 'http://quire.invalid/v1/docs').pathname,
      })
      assert.equal(script.statusCode, 200)
      assert.doesNotMatch(withoutComments(script.body), /https?:\/\//i)
      assert.match(script.body, /validatorUrl:\s*null/, 'no call to the public validator')
    })

    it('the docs page does not force https, so it works over plain HTTP on any host', async (t) => {
      const { app } = await buildTestApp(t)
      const page = await app.inject({ method: 'GET', url: '/v1/docs' })
      const policy = page.headers['content-security-policy'] ?? ''
      assert.ok(policy.includes("default-src 'self'"), policy)
      assert.ok(!policy.includes('upgrade-insecure-requests'), policy)
    })
  })
})
