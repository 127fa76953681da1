import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, it } from 'node:test'
import Fastify from 'fastify'
import { createLogger, fastifyLogging, redactUrl, type FastifyLoggingOptions } from '../src/logging.js'
import { buildTestApp, registerAndLogin, strongPassword, uniqueEmail } from './helpers.js'

const TOKEN = '7d8a4c1e-1b2f-4c3d-9e8f-0a1b2c3d4e5f'

describe('logging', () => {
  describe('happy', () => {
    it('with logging above info, request loggers are made only when a line is written, and keep their request id', async (t) => {
      const lines: string[] = []
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString('utf8'))
          callback()
        },
      })
      const logger = createLogger('warn', stream)
      const app = Fastify(fastifyLogging(logger))
      t.after(() => app.close())
      let children = 0
      const child = logger.child.bind(logger)
      logger.child = (...args: Parameters<typeof child>) => {
        children += 1
        return child(...args)
      }
      app.get('/quiet', async (request) => {
        request.log.info('not written at warn')
        request.log.debug('nor this')
        return { ok: true }
      })
      app.get('/loud', async (request) => {
        request.log.warn({ password: 'hunter2-secret' }, 'something to look at')
        request.log.error('and this')
        return { id: request.id }
      })
      await app.inject({ method: 'GET', url: '/quiet' })
      assert.equal(children, 0, 'a request that logs nothing creates no child logger')
      assert.deepEqual(lines, [])
      const { id } = (await app.inject({ method: 'GET', url: '/loud' })).json<{ id: string }>()
      assert.equal(children, 1, 'one child logger, made on the first line and reused')
      const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
      assert.deepEqual(
        written.map((line) => [line['msg'], line['request_id']]),
        [
          ['something to look at', id],
          ['and this', id],
        ],
      )
      assert.ok(!lines.join('').includes('hunter2-secret'), 'redaction still applies')
    })

    it('above info, Fastify adds no listener to a response; at info it does, to write "request completed"', async (t) => {
      const finishListeners = async (options: FastifyLoggingOptions): Promise<number> => {
        const app = Fastify(options)
        t.after(() => app.close())
        app.get('/', (_request, reply) => ({ listeners: reply.raw.listenerCount('finish') }))
        return (await app.inject({ method: 'GET', url: '/' })).json<{ listeners: number }>().listeners
      }
      const quiet = new Writable({
        write: (_chunk, _encoding, callback) => {
          callback()
        },
      })
      const bare = await finishListeners({})
      assert.equal(await finishListeners(fastifyLogging(createLogger('warn', quiet))), bare)
      assert.equal(await finishListeners(fastifyLogging(createLogger('info', quiet))), bare + 1)
    })

    it("above info, the app logs through Quire's logger: its own lines, and a 500 with its request id and error", async (t) => {
      const { app, db, logs } = await buildTestApp(t, { LOG_LEVEL: 'warn' })
      const user = await registerAndLogin(app)
      app.log.warn({ probe: 1 }, 'app line')
      await db.destroy()
      const failed = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
      assert.equal(failed.statusCode, 500)
      const lines = logs()
      assert.ok(lines.some((line) => line['msg'] === 'app line' && line['probe'] === 1))
      assert.ok(!lines.some((line) => line['msg'] === 'incoming request'), 'no request lines above info')
      const logged = lines.find((line) => line['request_id'] === failed.headers['x-request-id'])
      assert.equal(logged?.['level'], 50)
      assert.ok(
        (logged['err'] as { stack?: string } | undefined)?.stack,
        'the error is serialized with its stack',
      )
    })

    it('redactUrl leaves URLs without an access_token as they are', () => {
      for (const url of ['/v1/me', '/v1/posts?limit=5&from=10', '/v1/posts?user=abc', '/v1?', '/v1?a&b=']) {
        assert.equal(redactUrl(url), url)
      }
    })

    it('redactUrl replaces the access_token value in any position', () => {
      assert.equal(redactUrl(`/v1/me?access_token=${TOKEN}`), '/v1/me?access_token=[REDACTED]')
      assert.equal(
        redactUrl(`/v1/posts?limit=5&access_token=${TOKEN}&from=10`),
        '/v1/posts?limit=5&access_token=[REDACTED]&from=10',
      )
      assert.equal(
        redactUrl(`/v1/posts?limit=5&access_token=${TOKEN}`),
        '/v1/posts?limit=5&access_token=[REDACTED]',
      )
      assert.equal(
        redactUrl(`/v1?access_token=${TOKEN}&access_token=${TOKEN}`),
        '/v1?access_token=[REDACTED]&access_token=[REDACTED]',
      )
      assert.equal(redactUrl(`/v1?access_token=a=b=${TOKEN}`), '/v1?access_token=[REDACTED]')
      assert.equal(redactUrl('/v1?access_token'), '/v1?access_token=[REDACTED]')
    })

    it('redactUrl recognises the name however it is encoded or cased', () => {
      for (const name of [
        'access%5Ftoken',
        '%61ccess_token',
        'access%5ftoken',
        'ACCESS_TOKEN',
        'Access_Token',
        '%20access_token',
      ]) {
        const redacted = redactUrl(`/v1/me?${name}=${TOKEN}`)
        assert.ok(!redacted.includes(TOKEN), name)
        assert.equal(redacted, `/v1/me?${name}=[REDACTED]`)
      }
    })

    it('redactUrl keeps other parameters, including look-alike names and malformed escapes', () => {
      for (const url of [
        '/v1?my_access_token=x',
        '/v1?access_tokens=x',
        '/v1?token=x',
        '/v1?%E0%A4%A=x&b=1',
      ]) {
        assert.equal(redactUrl(url), url)
      }
    })
  })

  describe('security', () => {
    it('a token sent as Authorization: Bearer never reaches the log', async (t) => {
      const { app, logText } = await buildTestApp(t, { LOG_LEVEL: 'trace' })
      const user = await registerAndLogin(app)
      for (const url of [
        '/v1/me',
        '/v1/sessions',
        '/v1/nope',
        '/v1/sessions/0190a4b2-7c1d-7000-8000-000000000000',
      ]) {
        await app.inject({ method: 'GET', url, headers: user.auth })
      }
      await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${TOKEN}` } })
      await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${TOKEN}x` } })
      assert.ok(logText().includes('incoming request'), 'requests were logged')
      assert.ok(!logText().includes(user.token), 'the valid token is never logged')
      assert.ok(!logText().includes(TOKEN), 'an unknown token is never logged')
    })

    it('a token sent as ?access_token never reaches the log', async (t) => {
      const { app, logText, logs } = await buildTestApp(t, { LOG_LEVEL: 'trace' })
      const user = await registerAndLogin(app)
      const urls = [
        `/v1/me?access_token=${user.token}`,
        `/api/v1/me?include=sessions&access_token=${user.token}`,
        `/v1/me?access%5Ftoken=${user.token}`,
        `/v1/nope?access_token=${user.token}`,
        `/v1?access_token=${user.token}`,
        `/v1/me%?access_token=${user.token}`, // malformed URL: Fastify's error message quotes it
        `/v1/sessions/%E0%A4%A?access_token=${user.token}`,
        `/v1/me?access_token=${user.token}&access_token=${user.token}`,
      ]
      for (const url of urls) await app.inject({ method: 'GET', url })
      await app.inject({ method: 'GET', url: `/v1/me?access_token=${user.token}`, headers: user.auth })
      assert.ok(
        logs().some((line) => line['msg'] === 'incoming request'),
        'requests were logged',
      )
      assert.ok(logText().includes('access_token=[REDACTED]'), 'the parameter is logged, redacted')
      assert.ok(!logText().includes(user.token), 'the token is never logged')
    })

    it('passwords sent to register and login never reach the log, even when the request fails', async (t) => {
      const { app, logText } = await buildTestApp(t, { LOG_LEVEL: 'trace' })
      const email = uniqueEmail()
      const password = strongPassword()
      await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
      await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
      await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password: `${password}!` } })
      await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: 'bad', password, extra: password },
      })
      await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password: 42 } })
      assert.ok(!logText().includes(password))
    })

    it('secrets in logged objects are redacted by the logger itself', async () => {
      const chunks: string[] = []
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk.toString('utf8'))
          callback()
        },
      })
      const app = Fastify(fastifyLogging(createLogger('info', stream)))
      app.log.info(
        {
          authorization: `Bearer ${TOKEN}`,
          access_token: TOKEN,
          token: TOKEN,
          password: 'hunter2-secret',
          user: { password: 'hunter2-nested', token_hash: 'abc123hash', new_password: 'hunter2-new' },
          headers: { authorization: `Bearer ${TOKEN}` },
        },
        'probe',
      )
      await app.close()
      const text = chunks.join('')
      assert.ok(text.includes('probe'))
      for (const secret of [TOKEN, 'hunter2', 'abc123hash']) {
        assert.ok(!text.includes(secret), secret)
      }
      assert.ok(text.includes('[REDACTED]'))
    })
  })
})
