import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp } from '../helpers.js'

const ALLOWED = 'https://app.example.com'
const ALSO_ALLOWED = 'http://localhost:5173'
const OTHER = 'https://evil.example.net'
/** The wildcard default and an allow-list. */
const BOTH_MODES: Array<Record<string, string>> = [{}, { CORS_ORIGINS: ALLOWED }]

/** A comma-separated header as a lower-cased list. */
function list(response: LightMyRequestResponse, name: string): string[] {
  const value = response.headers[name]
  if (value === undefined) return []
  return String(value)
    .split(',')
    .map((item) => item.trim().toLowerCase())
}

function preflight(origin: string, url = '/v1/sessions') {
  return {
    method: 'OPTIONS' as const,
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, if-none-match',
    },
  }
}

describe('CORS', () => {
  describe('happy', () => {
    it('with CORS_ORIGINS=* (the default) any origin may read responses', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({ method: 'GET', url: '/v1', headers: { origin: OTHER } })
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['access-control-allow-origin'], '*')
      assert.equal(response.headers['access-control-allow-credentials'], undefined, 'tokens are not cookies')
    })

    it('an origin on the allow-list is reflected, with Vary: Origin', async (t) => {
      const { app } = await buildTestApp(t, { CORS_ORIGINS: `${ALLOWED},${ALSO_ALLOWED}` })
      for (const origin of [ALLOWED, ALSO_ALLOWED]) {
        const response = await app.inject({ method: 'GET', url: '/v1', headers: { origin } })
        assert.equal(response.headers['access-control-allow-origin'], origin)
        assert.ok(list(response, 'vary').includes('origin'))
      }
    })

    it('a preflight answers 204 with the allowed methods and headers', async (t) => {
      for (const env of BOTH_MODES) {
        const { app } = await buildTestApp(t, env)
        for (const url of [
          '/v1/sessions',
          '/api/v1/me',
          `/v1/sessions/0190a4b2-7c1d-7000-8000-000000000000`,
        ]) {
          const response = await app.inject(preflight(ALLOWED, url))
          assert.equal(response.statusCode, 204, url)
          assert.equal(response.body, '')
          assert.ok(response.headers['access-control-allow-origin'])
          const methods = list(response, 'access-control-allow-methods')
          for (const method of ['get', 'post', 'put', 'patch', 'delete'])
            assert.ok(methods.includes(method), method)
          const headers = list(response, 'access-control-allow-headers')
          for (const header of ['authorization', 'content-type', 'if-none-match']) {
            assert.ok(headers.includes(header), header)
          }
        }
      }
    })

    it('responses expose X-Request-Id, Retry-After and ETag to scripts', async (t) => {
      for (const env of BOTH_MODES) {
        const { app } = await buildTestApp(t, env)
        const response = await app.inject({ method: 'GET', url: '/v1', headers: { origin: ALLOWED } })
        const exposed = list(response, 'access-control-expose-headers')
        for (const header of ['x-request-id', 'retry-after', 'etag'])
          assert.ok(exposed.includes(header), header)
      }
    })
  })

  describe('errors', () => {
    it('error responses carry the CORS headers too', async (t) => {
      const { app } = await buildTestApp(t, { CORS_ORIGINS: ALLOWED, JSON_BODY_MAX_BYTES: '1024' })
      const headers = { origin: ALLOWED }
      const json = { ...headers, 'content-type': 'application/json' }
      const failures: Array<[number, LightMyRequestResponse]> = [
        [404, await app.inject({ method: 'GET', url: '/v1/nope', headers })],
        [405, await app.inject({ method: 'POST', url: '/v1', headers })],
        [400, await app.inject({ method: 'POST', url: '/v1/register', headers: json, payload: '{' })],
        [401, await app.inject({ method: 'GET', url: '/v1/me', headers })],
        [
          413,
          await app.inject({ method: 'POST', url: '/v1/register', headers: json, payload: 'x'.repeat(2048) }),
        ],
        [
          415,
          await app.inject({
            method: 'POST',
            url: '/v1/register',
            headers: { ...headers, 'content-type': 'text/plain' },
            payload: 'x',
          }),
        ],
        [414, await app.inject({ method: 'GET', url: `/v1/${'a'.repeat(9000)}`, headers })],
      ]
      for (const [status, response] of failures) {
        assert.equal(response.statusCode, status, response.body)
        assert.equal(response.headers['access-control-allow-origin'], ALLOWED, `on ${status}`)
        assert.ok(list(response, 'access-control-expose-headers').includes('x-request-id'), `on ${status}`)
      }
    })

    it('an unexpected 500 carries the CORS headers too', async (t) => {
      const { app, db } = await buildTestApp(t)
      await db.destroy()
      const response = await app.inject({
        method: 'GET',
        url: '/v1/me',
        headers: { origin: ALLOWED, authorization: 'Bearer 7d8a4c1e-1b2f-4c3d-9e8f-0a1b2c3d4e5f' },
      })
      assert.equal(response.statusCode, 500)
      assert.equal(response.headers['access-control-allow-origin'], '*')
    })
  })

  describe('security', () => {
    it('an origin not on the allow-list gets no Access-Control-Allow-Origin', async (t) => {
      const { app } = await buildTestApp(t, { CORS_ORIGINS: ALLOWED })
      for (const origin of [OTHER, `${ALLOWED}.evil.example.net`, 'http://app.example.com', 'null']) {
        const response = await app.inject({ method: 'GET', url: '/v1', headers: { origin } })
        assert.equal(response.statusCode, 200)
        assert.equal(response.headers['access-control-allow-origin'], undefined, origin)
        assert.ok(list(response, 'vary').includes('origin'), 'caches must not share answers across origins')
        const refused = await app.inject(preflight(origin))
        assert.equal(refused.headers['access-control-allow-origin'], undefined, origin)
      }
    })

    it('a request without Origin (not a browser) gets no CORS headers; the shared-cacheable document varies on Origin', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({ method: 'GET', url: '/v1' })
      assert.equal(response.headers['access-control-allow-origin'], undefined)
      assert.equal(response.headers['access-control-expose-headers'], undefined)
      assert.equal(response.headers['cache-control'], 'no-store')
      const document = await app.inject({ method: 'GET', url: '/v1/openapi.json' })
      assert.ok(list(document, 'vary').includes('origin'))
    })

    it('a request without Origin gets no Access-Control-Allow-Origin under an allow-list', async (t) => {
      const { app } = await buildTestApp(t, { CORS_ORIGINS: ALLOWED })
      const response = await app.inject({ method: 'GET', url: '/v1' })
      assert.equal(response.headers['access-control-allow-origin'], undefined)
    })
  })
})
