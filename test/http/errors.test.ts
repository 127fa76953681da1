import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { ApiError } from '../../src/errors.js'
import { buildTestApp, json, registerAndLogin, strongPassword, uniqueEmail } from '../helpers.js'

interface ErrorEnvelope {
  error: { code: string; message: string; fields?: Record<string, string> }
}

const UNKNOWN_UUID = '0190a4b2-7c1d-7000-8000-000000000000'

/** Asserts the contract's error envelope: status, JSON type, `{"error": {code, message, fields?}}` and nothing else. */
function assertError(response: LightMyRequestResponse, status: number, code: string): ErrorEnvelope['error'] {
  assert.equal(response.statusCode, status, response.body)
  assert.match(String(response.headers['content-type']), /^application\/json/)
  const body = json<ErrorEnvelope>(response)
  assert.deepEqual(Object.keys(body), ['error'], 'only `error`, never `data`')
  assert.equal(body.error.code, code)
  assert.equal(typeof body.error.message, 'string')
  assert.ok(body.error.message.length > 0)
  for (const key of Object.keys(body.error)) assert.ok(['code', 'message', 'fields'].includes(key), key)
  assert.ok(typeof response.headers['x-request-id'] === 'string', 'every response carries X-Request-Id')
  return body.error
}

function allowed(response: LightMyRequestResponse): string[] {
  return String(response.headers['allow'])
    .split(',')
    .map((method) => method.trim())
}

describe('error envelope', () => {
  describe('happy', () => {
    it('/api/v1 answers exactly like /v1, errors included', async (t) => {
      const { app } = await buildTestApp(t)
      const user = await registerAndLogin(app)
      const requests = [
        { method: 'GET', path: '', headers: {} },
        { method: 'GET', path: '/me', headers: user.auth },
        { method: 'GET', path: '/nope', headers: {} },
        { method: 'POST', path: '', headers: {} },
        { method: 'GET', path: `/sessions/${UNKNOWN_UUID}`, headers: user.auth },
        { method: 'GET', path: '/sessions?limit=0', headers: user.auth },
      ] as const
      for (const { method, path, headers } of requests) {
        const canonical = await app.inject({ method, url: `/v1${path}`, headers })
        const alias = await app.inject({ method, url: `/api/v1${path}`, headers })
        assert.equal(alias.statusCode, canonical.statusCode, `${method} /api/v1${path}`)
        assert.deepEqual(json(alias), json(canonical), `${method} /api/v1${path}`)
        assert.equal(alias.headers['allow'], canonical.headers['allow'])
      }
    })

    it('paths that only resemble the alias are not rewritten', async (t) => {
      const { app } = await buildTestApp(t)
      assertError(await app.inject({ method: 'GET', url: '/api/v1x' }), 404, 'NOT_FOUND')
      assertError(await app.inject({ method: 'GET', url: '/api/v2' }), 404, 'NOT_FOUND')
      assertError(await app.inject({ method: 'GET', url: '/x/api/v1' }), 404, 'NOT_FOUND')
    })
  })

  describe('errors', () => {
    it('an unknown route answers 404 NOT_FOUND, inside and outside the prefix', async (t) => {
      const { app } = await buildTestApp(t)
      for (const url of ['/v1/nope', '/nope', '/v2', '/v1/posts/x/y/z/w']) {
        assertError(await app.inject({ method: 'GET', url }), 404, 'NOT_FOUND')
      }
      assertError(await app.inject({ method: 'DELETE', url: '/v1/nope' }), 404, 'NOT_FOUND')
    })

    it('a known path with the wrong method answers 405 with an Allow header', async (t) => {
      const { app } = await buildTestApp(t)
      const health = await app.inject({ method: 'POST', url: '/v1' })
      assertError(health, 405, 'METHOD_NOT_ALLOWED')
      assert.ok(allowed(health).includes('GET'))
      assert.ok(!allowed(health).includes('POST'))

      const session = await app.inject({ method: 'GET', url: `/v1/sessions/${UNKNOWN_UUID}` })
      assertError(session, 405, 'METHOD_NOT_ALLOWED')
      assert.ok(allowed(session).includes('DELETE'))
      assert.ok(!allowed(session).includes('GET'))

      const register = await app.inject({ method: 'PUT', url: '/v1/register' })
      assertError(register, 405, 'METHOD_NOT_ALLOWED')
      assert.ok(allowed(register).includes('POST'))
    })

    it('malformed JSON answers 400 BAD_REQUEST', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com", "password": ',
      })
      assertError(response, 400, 'BAD_REQUEST')
    })

    it('an empty JSON body answers 400 BAD_REQUEST', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        headers: { 'content-type': 'application/json' },
        payload: '',
      })
      assertError(response, 400, 'BAD_REQUEST')
    })

    it('a JSON body that is not an object answers 400 BAD_REQUEST', async (t) => {
      const { app } = await buildTestApp(t)
      for (const payload of ['[1, 2]', '"text"', '42', 'null']) {
        const response = await app.inject({
          method: 'POST',
          url: '/v1/register',
          headers: { 'content-type': 'application/json' },
          payload,
        })
        assertError(response, 400, 'BAD_REQUEST')
      }
    })

    it('a body over JSON_BODY_MAX_BYTES answers 413 PAYLOAD_TOO_LARGE', async (t) => {
      const { app } = await buildTestApp(t, { JSON_BODY_MAX_BYTES: '1024' })
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: uniqueEmail(), password: 'x'.repeat(2000) },
      })
      assertError(response, 413, 'PAYLOAD_TOO_LARGE')
    })

    it('an unsupported Content-Type answers 415 UNSUPPORTED_MEDIA_TYPE', async (t) => {
      const { app } = await buildTestApp(t)
      for (const [type, payload] of [
        ['text/plain', 'email=a@example.com'],
        ['application/xml', '<register/>'],
        ['application/x-www-form-urlencoded', 'email=a%40example.com&password=x'],
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/v1/register',
          headers: { 'content-type': type },
          payload,
        })
        assertError(response, 415, 'UNSUPPORTED_MEDIA_TYPE')
      }
    })

    it('a missing required field answers 400 naming it in fields', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: uniqueEmail() },
      })
      const error = assertError(response, 400, 'BAD_REQUEST')
      assert.ok(error.fields?.['password'])
    })

    it('a field of the wrong JSON type answers 400 naming it in fields', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: 42, password: strongPassword() },
      })
      const error = assertError(response, 400, 'BAD_REQUEST')
      assert.ok(error.fields?.['email'])
    })

    it('an unknown body field answers 422 FIELDS_VALIDATION_ERROR naming it', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: uniqueEmail(), password: strongPassword(), is_admin: true },
      })
      const error = assertError(response, 422, 'FIELDS_VALIDATION_ERROR')
      assert.deepEqual(Object.keys(error.fields ?? {}), ['is_admin'])
    })

    it('invalid values answer one 422 listing every failing field', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: 'not-an-address', password: 'short' },
      })
      const error = assertError(response, 422, 'FIELDS_VALIDATION_ERROR')
      assert.ok(error.fields?.['email'])
      assert.ok(error.fields['password'])
    })

    it('a query value out of range answers 422, a query value of the wrong type 400', async (t) => {
      const { app } = await buildTestApp(t)
      const user = await registerAndLogin(app)
      const outOfRange = await app.inject({ method: 'GET', url: '/v1/sessions?limit=0', headers: user.auth })
      assert.ok(assertError(outOfRange, 422, 'FIELDS_VALIDATION_ERROR').fields?.['limit'])
      const wrongType = await app.inject({ method: 'GET', url: '/v1/sessions?limit=abc', headers: user.auth })
      assertError(wrongType, 400, 'BAD_REQUEST')
    })

    it('a malformed UUID in a path answers 404, never 500', async (t) => {
      const { app } = await buildTestApp(t)
      const user = await registerAndLogin(app)
      for (const id of ['not-a-uuid', '123', `${UNKNOWN_UUID}0`, "1' or '1'='1", '%00']) {
        const response = await app.inject({
          method: 'DELETE',
          url: `/v1/sessions/${encodeURIComponent(id)}`,
          headers: user.auth,
        })
        assertError(response, 404, 'NOT_FOUND')
      }
    })

    it('a malformed percent-encoding in the URL answers 400, enveloped with a request id', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({ method: 'GET', url: '/v1/sessions/%E0%A4%A' })
      assertError(response, 400, 'BAD_REQUEST')
    })

    it('a URL longer than 8 KiB answers 414 URI_TOO_LONG', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({ method: 'GET', url: `/v1/${'a'.repeat(9000)}` })
      assertError(response, 414, 'URI_TOO_LONG')
    })
  })

  describe('cost', () => {
    it('a 4xx ApiError captures no stack (an answer, never logged with one); a 5xx keeps its stack for the log', () => {
      const limit = Error.stackTraceLimit
      const rejected = new ApiError('UNAUTHENTICATED', 'Session token is missing, invalid or expired')
      assert.doesNotMatch(rejected.stack ?? '', /\n\s+at /)
      assert.equal(rejected.statusCode, 401)
      const failed = new ApiError('INTERNAL_ERROR', 'Something went wrong')
      assert.match(failed.stack ?? '', /\n\s+at /)
      assert.equal(Error.stackTraceLimit, limit, 'the process-wide limit is restored')
      assert.match(new Error('other').stack ?? '', /\n\s+at /)
    })
  })

  describe('security', () => {
    it('an unexpected failure answers 500 with a generic message and logs the error with the request id', async (t) => {
      const { app, db, logs } = await buildTestApp(t)
      const user = await registerAndLogin(app)
      await db.destroy()

      const response = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
      const error = assertError(response, 500, 'INTERNAL_ERROR')
      assert.deepEqual(json(response), { error: { code: 'INTERNAL_ERROR', message: error.message } })
      assert.doesNotMatch(response.body, /stack|destroyed|kysely|sqlite|postgres|at \w+ \(|\.ts:\d+/i)

      const requestId = response.headers['x-request-id']
      const logged = logs().find((line) => line['request_id'] === requestId && line['level'] === 50)
      assert.ok(logged, 'the failure is logged at error level with the request id')
      const err = logged['err'] as { message?: string; stack?: string } | undefined
      assert.ok(err?.message && err.message.length > 0, 'the log holds the real error')
      assert.ok(err.stack && err.stack.length > 0, 'the log holds the stack')
    })

    it('error bodies never echo a token or password sent with the request', async (t) => {
      const { app } = await buildTestApp(t)
      const password = strongPassword()
      const token = '7d8a4c1e-1b2f-4c3d-9e8f-0a1b2c3d4e5f'
      const responses = [
        await app.inject({
          method: 'POST',
          url: '/v1/register',
          payload: { email: 'not-an-address', password, unknown: password },
        }),
        await app.inject({ method: 'GET', url: `/v1/nope?access_token=${token}` }),
        await app.inject({ method: 'POST', url: `/v1?access_token=${token}` }),
      ]
      for (const response of responses) {
        assert.ok(response.statusCode >= 400)
        assert.ok(!response.body.includes(password))
        assert.ok(!response.body.includes(token))
      }
    })
  })
})
