import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, registerAndLogin } from '../helpers.js'

const GENERATED = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('X-Request-Id', () => {
  describe('happy', () => {
    it('a well-formed incoming id is echoed', async (t) => {
      const { app } = await buildTestApp(t)
      for (const id of [
        'a',
        'abc-123',
        'trace.ID_42-x',
        'A'.repeat(128),
        '0190a4b2-7c1d-7000-8000-000000000000',
      ]) {
        const response = await app.inject({ method: 'GET', url: '/v1', headers: { 'x-request-id': id } })
        assert.equal(response.headers['x-request-id'], id)
      }
    })

    it('without an incoming id, each response gets a fresh one', async (t) => {
      const { app } = await buildTestApp(t)
      const first = await app.inject({ method: 'GET', url: '/v1' })
      const second = await app.inject({ method: 'GET', url: '/v1' })
      assert.match(String(first.headers['x-request-id']), GENERATED)
      assert.match(String(second.headers['x-request-id']), GENERATED)
      assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id'])
    })

    it('the id in the header is the one in the request’s log lines', async (t) => {
      const { app, logs } = await buildTestApp(t)
      await app.inject({ method: 'GET', url: '/v1', headers: { 'x-request-id': 'trace-me-1' } })
      const lines = logs().filter((line) => line['request_id'] === 'trace-me-1')
      assert.ok(lines.some((line) => line['msg'] === 'incoming request'))
      assert.ok(lines.some((line) => line['msg'] === 'request completed'))
    })
  })

  describe('errors', () => {
    it('every response carries one, errors included', async (t) => {
      const { app, db } = await buildTestApp(t, { JSON_BODY_MAX_BYTES: '1024' })
      const user = await registerAndLogin(app)
      const requests = [
        { method: 'GET', url: '/v1/nope' }, // 404
        { method: 'POST', url: '/v1' }, // 405
        { method: 'GET', url: '/v1/me' }, // 401
        { method: 'GET', url: '/v1/sessions/%E0%A4%A' }, // 400 malformed URL
        { method: 'POST', url: '/v1/register', payload: { email: 'x' } }, // 400
        { method: 'POST', url: '/v1/register', payload: { email: 'x', password: 'y', extra: 1 } }, // 422
        {
          method: 'OPTIONS',
          url: '/v1/me',
          headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' },
        }, // 204
        { method: 'GET', url: `/v1/${'a'.repeat(9000)}` }, // 414
      ] as const
      for (const request of requests) {
        for (const incoming of [undefined, 'client-trace-7']) {
          const headers = {
            ...('headers' in request ? request.headers : {}),
            ...(incoming ? { 'x-request-id': incoming } : {}),
          }
          const response = await app.inject({ ...request, headers })
          const id = response.headers['x-request-id']
          assert.ok(
            typeof id === 'string',
            `${request.method} ${request.url.slice(0, 40)} → ${response.statusCode}`,
          )
          if (incoming) assert.equal(id, incoming)
          else assert.match(id, GENERATED)
        }
      }
      await db.destroy()
      const failed = await app.inject({
        method: 'GET',
        url: '/v1/me',
        headers: { ...user.auth, 'x-request-id': 'boom-1' },
      })
      assert.equal(failed.statusCode, 500)
      assert.equal(failed.headers['x-request-id'], 'boom-1')
    })
  })

  describe('security', () => {
    it('an incoming id that is malformed or too long is replaced', async (t) => {
      const { app, logText } = await buildTestApp(t)
      for (const id of [
        '',
        'A'.repeat(129),
        'has space',
        'semi;colon',
        'slash/y',
        '<script>',
        'ünïcode',
        'a\tb',
        '{"json":1}',
      ]) {
        const response = await app.inject({ method: 'GET', url: '/v1', headers: { 'x-request-id': id } })
        const echoed = response.headers['x-request-id']
        assert.notEqual(echoed, id)
        assert.match(String(echoed), GENERATED, JSON.stringify(id))
      }
      assert.ok(!logText().includes('<script>'), 'a rejected id never reaches the log as the request id')
    })

    it('several X-Request-Id headers are treated as malformed', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({
        method: 'GET',
        url: '/v1',
        headers: { 'x-request-id': ['one', 'two'] },
      })
      assert.match(String(response.headers['x-request-id']), GENERATED)
    })
  })
})
