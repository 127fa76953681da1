import assert from 'node:assert/strict'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, it } from 'node:test'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { RequestBudget } from '../../src/http/request-budget.js'
import { buildTestApp, json, registerAndLogin, strongPassword, uniqueEmail } from '../helpers.js'

// REQUEST_LIMIT: a budget of requests per client address, kept in each instance's memory.

const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']

function get(app: FastifyInstance, url: string, options: InjectOptions = {}) {
  return app.inject({ method: 'GET', url, ...options })
}

/** The three RateLimit headers as numbers; each must be sent once, as a whole number. */
function budgetOf(response: LightMyRequestResponse): { limit: number; remaining: number; reset: number } {
  const [limit, remaining, reset] = RATE_LIMIT_HEADERS.map((name) => {
    const value = response.headers[name]
    assert.equal(typeof value, 'string', `${name} is sent once (got ${JSON.stringify(value)})`)
    assert.match(String(value), /^\d+$/, name)
    return Number(value)
  })
  return { limit: limit ?? NaN, remaining: remaining ?? NaN, reset: reset ?? NaN }
}

function assertRefused(response: LightMyRequestResponse): number {
  assert.equal(response.statusCode, 429, response.body)
  const body = json<{ error: { code: string; message: string } }>(response)
  assert.equal(body.error.code, 'RATE_LIMITED')
  assert.match(body.error.message, /retry in \d+s/)
  const retryAfter = Number(response.headers['retry-after'])
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After ${String(retryAfter)}`)
  assert.equal(budgetOf(response).remaining, 0)
  return retryAfter
}

describe('request budget (REQUEST_LIMIT)', () => {
  describe('happy', () => {
    it('is off by default: answers carry no RateLimit headers but a route quota’s own', async (t) => {
      const { app, config } = await buildTestApp(t, { AUTH_IP_LIMIT: '5/1m' })
      assert.equal(config.requestsPerAddress, null)
      for (let i = 0; i < 3; i++) {
        for (const url of ['/v1/me', '/v1/posts', '/v1/nowhere', '/v1']) {
          const response = await get(app, url)
          assert.notEqual(response.statusCode, 429)
          for (const name of RATE_LIMIT_HEADERS)
            assert.equal(response.headers[name], undefined, `${url} ${name}`)
        }
      }
      const register = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: uniqueEmail(), password: strongPassword() },
      })
      assert.equal(register.statusCode, 201)
      assert.deepEqual({ ...budgetOf(register), reset: 0 }, { limit: 5, remaining: 4, reset: 0 })
    })

    it('on: every answer carries the headers, Remaining falling by one per request from any route', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '5/1m' })
      const user = await registerAndLogin(app) // its requests come from another address
      const seen = []
      for (const [url, status] of [
        ['/v1/me', 401],
        ['/api/v1/posts', 200],
        ['/v1/nowhere', 404],
        ['/v1/openapi.json', 200],
      ] as const) {
        const response = await get(app, url, { remoteAddress: '198.51.100.7' })
        assert.equal(response.statusCode, status, url)
        seen.push(budgetOf(response))
      }
      assert.deepEqual(
        seen.map((budget) => budget.remaining),
        [4, 3, 2, 1],
      )
      for (const budget of seen) {
        assert.equal(budget.limit, 5)
        // Seconds until full: one request takes 12 s to come back.
        assert.ok(budget.reset >= 1 && budget.reset <= 60, `reset ${budget.reset}`)
      }
      assert.ok((seen[3]?.reset ?? 0) > (seen[0]?.reset ?? 0), 'Reset grows as the budget empties')
      const me = await get(app, '/v1/me', { headers: user.auth, remoteAddress: '198.51.100.8' })
      assert.equal(me.statusCode, 200)
      assert.equal(budgetOf(me).remaining, 4, 'another address has a budget of its own')
    })

    it('refills continuously at the configured rate, up to the budget and no further', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '3/3s' })
      for (let i = 0; i < 3; i++) assert.equal((await get(app, '/v1/me')).statusCode, 401)
      const retryAfter = assertRefused(await get(app, '/v1/me'))
      assert.equal(retryAfter, 1)
      // A token comes back every second.
      await delay(1100)
      const one = await get(app, '/v1/me')
      assert.equal(one.statusCode, 401)
      assert.equal(budgetOf(one).remaining, 0)
      assertRefused(await get(app, '/v1/me'))
      await delay(3100)
      const full = await get(app, '/v1/me')
      assert.equal(full.statusCode, 401)
      assert.deepEqual(budgetOf(full), { limit: 3, remaining: 2, reset: 1 })
    })

    it('health probes are neither counted nor refused, and carry no RateLimit headers', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '2/1m' })
      for (let i = 0; i < 2; i++) assert.equal((await get(app, '/v1/me')).statusCode, 401)
      assertRefused(await get(app, '/v1/me'))
      for (const url of ['/v1', '/v1/', '/v1/ready', '/api/v1/ready']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await app.inject({ method, url })
          assert.equal(response.statusCode, 200, `${method} ${url}`)
          for (const name of RATE_LIMIT_HEADERS) assert.equal(response.headers[name], undefined, name)
        }
      }
    })

    it('a route with a quota of its own reports whichever has fewer requests left, once', async (t) => {
      const register = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/v1/register',
          payload: { email: uniqueEmail(), password: strongPassword() },
        })
      const routeTighter = await buildTestApp(t, { REQUEST_LIMIT: '10/1m', AUTH_IP_LIMIT: '2/1m' })
      const first = budgetOf(await register(routeTighter.app))
      assert.deepEqual([first.limit, first.remaining], [2, 1])
      const second = budgetOf(await register(routeTighter.app))
      assert.deepEqual([second.limit, second.remaining], [2, 0])
      const third = await register(routeTighter.app)
      assert.equal(third.statusCode, 429, 'the route quota refuses')
      assert.equal(budgetOf(third).limit, 2)

      const budgetTighter = await buildTestApp(t, { REQUEST_LIMIT: '3/1m', AUTH_IP_LIMIT: '100/1m' })
      const registered = await register(budgetTighter.app)
      assert.equal(registered.statusCode, 201)
      assert.deepEqual(budgetOf(registered), { limit: 3, remaining: 2, reset: 20 })
    })

    it('CORS lets a browser read the headers and the 429', async (t) => {
      const origin = 'https://app.example.com'
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '1/1m', CORS_ORIGINS: origin })
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/v1/me',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
      assert.equal(preflight.statusCode, 204, 'a preflight is answered, not counted')
      assert.equal((await get(app, '/v1/me', { headers: { origin } })).statusCode, 401)
      const refused = await get(app, '/v1/me', { headers: { origin } })
      assertRefused(refused)
      assert.equal(refused.headers['access-control-allow-origin'], origin)
      const exposed = String(refused.headers['access-control-expose-headers']).toLowerCase()
      for (const name of [...RATE_LIMIT_HEADERS, 'retry-after']) assert.ok(exposed.includes(name), name)
    })
  })

  describe('errors', () => {
    it('past the budget every route answers 429 RATE_LIMITED with Retry-After, before reading a body', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '2/1h' })
      const user = await registerAndLogin(app) // from another address
      const client = { remoteAddress: '203.0.113.5', headers: user.auth }
      for (let i = 0; i < 2; i++) assert.equal((await get(app, '/v1/me', client)).statusCode, 200)
      for (const request of [
        { method: 'GET', url: '/v1/me' },
        { method: 'GET', url: '/v1/nowhere' },
        { method: 'POST', url: '/v1/posts', payload: { title: 'x', body: 'y' } },
        {
          method: 'POST',
          url: '/v1/posts',
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        },
        { method: 'GET', url: `/v1/me?${'x'.repeat(9000)}` },
      ] as const) {
        const refused = await app.inject({
          ...request,
          remoteAddress: client.remoteAddress,
          headers: { ...client.headers, ...('headers' in request ? request.headers : {}) },
        })
        const retryAfter = assertRefused(refused)
        // Half an hour per request: the next one is that far away.
        assert.ok(retryAfter > 1700 && retryAfter <= 1800, `Retry-After ${retryAfter}`)
        assert.equal(budgetOf(refused).reset, 3600)
      }
    })

    it('a refused request spends nothing', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '2/1s' })
      for (let i = 0; i < 2; i++) await get(app, '/v1/me')
      for (let i = 0; i < 20; i++) assertRefused(await get(app, '/v1/me'))
      // Half a second brings one token back, however many refusals came before.
      await delay(550)
      assert.equal((await get(app, '/v1/me')).statusCode, 401)
    })
  })

  describe('security', () => {
    it('IPv6 clients are counted per /64, IPv4-mapped addresses as IPv4', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '4/1h' })
      const remaining = async (remoteAddress: string) =>
        budgetOf(await get(app, '/v1/me', { remoteAddress })).remaining
      assert.equal(await remaining('2001:db8:1:2::1'), 3)
      assert.equal(await remaining('2001:db8:1:2:ffff:ffff:ffff:ffff'), 2, 'same /64')
      assert.equal(await remaining('2001:DB8:1:2:0:0:0:7'), 1, 'same /64, written otherwise')
      assert.equal(await remaining('2001:db8:1:3::1'), 3, 'the next /64')
      assert.equal(await remaining('192.0.2.1'), 3)
      assert.equal(await remaining('::ffff:192.0.2.1'), 2, 'the same IPv4 address')
    })

    it('a forwarded address that is no address shares one budget with every other', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '3/1h', TRUST_PROXY: '1' })
      const forwarded = (value: string) =>
        get(app, '/v1/me', { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': value } })
      assert.equal(budgetOf(await forwarded('198.51.100.1')).remaining, 2)
      assert.equal(budgetOf(await forwarded('198.51.100.2')).remaining, 2, 'the forwarded address counts')
      assert.equal(budgetOf(await forwarded('a'.repeat(100))).remaining, 2)
      assert.equal(budgetOf(await forwarded('b'.repeat(100))).remaining, 1, 'junk shares one budget')
    })

    it('a streak of refusals logs one quota.exceeded event, not one per request', async (t) => {
      const { app, logs } = await buildTestApp(t, { REQUEST_LIMIT: '1/1h' })
      await get(app, '/v1/me')
      for (let i = 0; i < 10; i++) assertRefused(await get(app, '/v1/me'))
      const events = logs().filter((line) => line['event'] === 'quota.exceeded')
      assert.deepEqual(
        events.map((line) => [line['quota'], line['level']]),
        [['requests', 40]],
      )
    })

    it('many addresses: the number tracked stays bounded', async (t) => {
      const { app } = await buildTestApp(t, { REQUEST_LIMIT: '2/1h' })
      // Over HTTP, as many addresses as a test can afford: each is tracked and held to its budget.
      for (let i = 0; i < 300; i++) {
        const remoteAddress = `2001:db8:${i.toString(16)}::1`
        assert.equal(budgetOf(await get(app, '/v1/me', { remoteAddress })).remaining, 1)
      }
      const sameSlash64 = { remoteAddress: '2001:db8:0::2' }
      assert.equal(budgetOf(await get(app, '/v1/me', sameSlash64)).remaining, 0)
      assertRefused(await get(app, '/v1/me', sameSlash64))
      // The bound itself, on the bucket logic: never more than addressesMax addresses tracked.
      const budget = new RequestBudget({ max: 2, windowMs: 60_000 }, 100)
      for (let i = 0; i < 10_000; i++) {
        budget.take(budget.keyOf(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`), 1000 + i)
        assert.ok(budget.addressesTracked <= 100)
      }
      assert.equal(budget.addressesTracked, 100)
    })
  })
})

describe('RequestBudget (the bucket logic)', () => {
  it('starts full, refills continuously and never beyond its size', () => {
    const budget = new RequestBudget({ max: 4, windowMs: 4000 }) // a token per second
    const key = budget.keyOf('192.0.2.9')
    assert.equal(budget.take(key, 0), 3)
    assert.equal(budget.take(key, 0), 2)
    assert.equal(budget.take(key, 0), 1)
    assert.equal(budget.take(key, 0), 0)
    assert.equal(budget.take(key, 500), -1, 'half a token is not a request')
    assert.equal(budget.take(key, 1000), 0, 'a whole one is')
    assert.equal(budget.take(key, 1_000_000), 3, 'capped at its size however long it waited')
  })

  it('forgets the longest-tracked address past its bound, and full buckets when swept', () => {
    const budget = new RequestBudget({ max: 2, windowMs: 2000 }, 3)
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) budget.take(budget.keyOf(address), 0)
    budget.take(budget.keyOf('192.0.2.1'), 0) // the first is empty now
    assert.equal(budget.take(budget.keyOf('192.0.2.4'), 0), 1)
    assert.equal(budget.addressesTracked, 3)
    assert.equal(budget.take(budget.keyOf('192.0.2.1'), 0), 1, 'forgotten, so it starts full again')
    budget.take(budget.keyOf('192.0.2.1'), 100)
    budget.sweep(1000) // every bucket but the one spent at 0 and 100 is full by now
    assert.equal(budget.addressesTracked, 1)
    budget.sweep(3000)
    assert.equal(budget.addressesTracked, 0)
  })

  it('keys addresses as the route quotas do', () => {
    const budget = new RequestBudget({ max: 1, windowMs: 1000 })
    assert.equal(budget.keyOf('2001:db8:1:2:3:4:5:6'), budget.keyOf('2001:db8:1:2::9'))
    assert.notEqual(budget.keyOf('2001:db8:1:2::9'), budget.keyOf('2001:db8:1:3::9'))
    assert.equal(budget.keyOf('::ffff:198.51.100.3'), '198.51.100.3')
    assert.equal(budget.keyOf(undefined), budget.keyOf('x'.repeat(46)))
  })
})
