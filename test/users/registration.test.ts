import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, json, strongPassword, uniqueEmail } from '../helpers.js'

interface ErrorResponse {
  error: { code: string; message: string; fields?: Record<string, string> }
}

describe('registration: happy path', () => {
  it('creates the account and answers 201 with the user, never the password', async (t) => {
    const { app } = await buildTestApp(t)
    const email = uniqueEmail()
    const password = strongPassword()
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email, password, display_name: '  Ada  ' },
    })
    assert.equal(response.statusCode, 201)
    const body = json<{ data: Record<string, unknown> }>(response)
    assert.deepEqual(Object.keys(body).sort(), ['data'])
    assert.equal(body.data['email'], email)
    assert.equal(body.data['display_name'], 'Ada')
    assert.deepEqual(body.data['preferences'], {})
    assert.match(
      String(body.data['id']),
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    assert.match(String(body.data['created_at']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    assert.ok(!response.body.includes(password))
    assert.ok(!/password|hash/i.test(Object.keys(body.data).join(',')))
  })

  it('stores the email lower-cased and trimmed', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: '  Grace.Hopper@Example.COM ', password: strongPassword() },
    })
    assert.equal(response.statusCode, 201)
    assert.equal(json<{ data: { email: string } }>(response).data.email, 'grace.hopper@example.com')
  })

  it('also answers under /api/v1', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { email: uniqueEmail(), password: strongPassword() },
    })
    assert.equal(response.statusCode, 201)
  })
})

describe('registration: the seed’s rule table', () => {
  it('answers 400 when email is missing', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { password: strongPassword() },
    })
    assert.equal(response.statusCode, 400)
    const body = json<ErrorResponse>(response)
    assert.equal(body.error.code, 'BAD_REQUEST')
    assert.equal(body.error.fields?.['email'], 'Email is required.')
    assert.ok(!('data' in body))
  })

  it('answers 400 when password is missing', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail() },
    })
    assert.equal(response.statusCode, 400)
    assert.equal(json<ErrorResponse>(response).error.fields?.['password'], 'Password is required.')
  })

  it('answers 400 when a field has the wrong JSON type', async (t) => {
    const { app } = await buildTestApp(t)
    for (const payload of [
      { email: 42, password: strongPassword() },
      { email: uniqueEmail(), password: ['x'] },
      { email: null, password: strongPassword() },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/v1/register', payload })
      assert.equal(response.statusCode, 400, JSON.stringify(payload))
      assert.equal(json<ErrorResponse>(response).error.code, 'BAD_REQUEST')
    }
  })

  it('answers 400 when the body is not an object', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: '["a@b.co","x"]',
    })
    assert.equal(response.statusCode, 400)
  })

  it('answers 422 FIELDS_VALIDATION_ERROR with fields.password when the password is too short', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: 'vq7#Lm2@x' },
    })
    assert.equal(response.statusCode, 422)
    const body = json<ErrorResponse>(response)
    assert.equal(body.error.code, 'FIELDS_VALIDATION_ERROR')
    assert.deepEqual(Object.keys(body.error.fields ?? {}), ['password'])
    assert.match(body.error.fields?.['password'] ?? '', /at least 10 characters/)
  })

  it('answers 422 with fields.email when the email is not a valid address', async (t) => {
    const { app } = await buildTestApp(t)
    for (const email of [
      'plainaddress',
      'a@b',
      '@example.com',
      'a b@example.com',
      'a@exa mple.com',
      `${'x'.repeat(250)}@example.com`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email, password: strongPassword() },
      })
      assert.equal(response.statusCode, 422, email)
      const body = json<ErrorResponse>(response)
      assert.equal(body.error.code, 'FIELDS_VALIDATION_ERROR')
      assert.deepEqual(Object.keys(body.error.fields ?? {}), ['email'])
    }
  })

  it('lists every failing field together in one 422', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: 'not-an-email', password: 'short', display_name: '   ' },
    })
    assert.equal(response.statusCode, 422)
    assert.deepEqual(Object.keys(json<ErrorResponse>(response).error.fields ?? {}).sort(), [
      'display_name',
      'email',
      'password',
    ])
  })

  it('rejects common and trivially guessable passwords with the reason in fields.password', async (t) => {
    const { app } = await buildTestApp(t)
    const email = uniqueEmail('victim')
    for (const password of [
      'password1234',
      'aaaaaaaaaaaa',
      '12345678901',
      email,
      email.split('@')[0] ?? '',
    ]) {
      const response = await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
      assert.equal(response.statusCode, 422, password)
      const reason = json<ErrorResponse>(response).error.fields?.['password'] ?? ''
      assert.match(reason, /common|guess|email|characters/, password)
    }
  })

  it('answers 409 EMAIL_ALREADY_EXISTS for an address already registered, in any case', async (t) => {
    const { app } = await buildTestApp(t)
    const email = uniqueEmail()
    const first = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email, password: strongPassword() },
    })
    assert.equal(first.statusCode, 201)
    for (const again of [email, email.toUpperCase(), ` ${email} `]) {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { email: again, password: strongPassword() },
      })
      assert.equal(response.statusCode, 409, again)
      assert.equal(json<ErrorResponse>(response).error.code, 'EMAIL_ALREADY_EXISTS')
    }
  })

  it('gives one 201 and one 409 for two simultaneous registrations of one address, never a 500', async (t) => {
    const { app } = await buildTestApp(t)
    const email = uniqueEmail('race')
    const responses = await Promise.all(
      [email, email.toUpperCase(), email, email.toUpperCase()].map((address) =>
        app.inject({
          method: 'POST',
          url: '/v1/register',
          payload: { email: address, password: strongPassword() },
        }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    assert.deepEqual(statuses, [201, 409, 409, 409])
  })

  it('answers 422 for a field the endpoint does not accept', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: strongPassword(), is_admin: true },
    })
    assert.equal(response.statusCode, 422)
    assert.ok(json<ErrorResponse>(response).error.fields?.['is_admin'])
  })

  it('answers 422 for a display name over 100 characters', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: strongPassword(), display_name: 'x'.repeat(101) },
    })
    assert.equal(response.statusCode, 422)
    assert.ok(json<ErrorResponse>(response).error.fields?.['display_name'])
  })
})

describe('registration: password policy end to end', () => {
  it('counts emoji as one character each', async (t) => {
    const { app } = await buildTestApp(t)
    const nine = '🦄🐙🦊🐢🦉🐝🦋🐬🦀'
    const tooShort = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: nine },
    })
    assert.equal(tooShort.statusCode, 422, 'nine emoji are 18 UTF-16 units but only 9 characters')
    const enough = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: `${nine}🐳` },
    })
    assert.equal(enough.statusCode, 201)
  })

  it('honours PASSWORD_MIN_LENGTH', async (t) => {
    const { app } = await buildTestApp(t, { PASSWORD_MIN_LENGTH: '8' })
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: 'vq7#Lm2@' },
    })
    assert.equal(response.statusCode, 201)
  })

  it('refuses a 257-character password instead of truncating it', async (t) => {
    const { app } = await buildTestApp(t)
    const password = 'orbit lantern quiver meadow cobalt thistle ember harbor '.repeat(5).slice(0, 257)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password },
    })
    assert.equal(response.statusCode, 422)
    assert.match(json<ErrorResponse>(response).error.fields?.['password'] ?? '', /at most 256/)
  })
})

describe('registration: accounts per client address (REGISTER_IP_LIMIT)', () => {
  function register(app: FastifyInstance, remoteAddress: string, email = uniqueEmail('many')) {
    return app.inject({
      method: 'POST',
      url: '/v1/register',
      remoteAddress,
      payload: { email, password: strongPassword() },
    })
  }

  it('past the limit an address gets 429 RATE_LIMITED with Retry-After; another address is not affected', async (t) => {
    const { app } = await buildTestApp(t, { REGISTER_IP_LIMIT: '3/1h' })
    for (let i = 0; i < 3; i++) assert.equal((await register(app, '198.51.100.7')).statusCode, 201)
    const refused = await register(app, '198.51.100.7')
    assert.equal(refused.statusCode, 429)
    assert.equal(json<ErrorResponse>(refused).error.code, 'RATE_LIMITED')
    const retryAfter = Number(refused.headers['retry-after'])
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${String(retryAfter)}`)
    assert.equal((await register(app, '198.51.100.8')).statusCode, 201)
  })

  it('counts accounts created: failed registrations spend nothing', async (t) => {
    const { app } = await buildTestApp(t, { REGISTER_IP_LIMIT: '2/1h' })
    const taken = uniqueEmail('taken')
    assert.equal((await register(app, '198.51.100.9', taken)).statusCode, 201)
    for (let i = 0; i < 3; i++) assert.equal((await register(app, '198.51.100.9', taken)).statusCode, 409)
    const weak = await app.inject({
      method: 'POST',
      url: '/v1/register',
      remoteAddress: '198.51.100.9',
      payload: { email: uniqueEmail(), password: 'password' },
    })
    assert.equal(weak.statusCode, 422)
    assert.equal((await register(app, '198.51.100.9')).statusCode, 201)
    assert.equal((await register(app, '198.51.100.9')).statusCode, 429)
  })

  it('IPv6 addresses in one /64 share a count; the next /64 has its own', async (t) => {
    const { app } = await buildTestApp(t, { REGISTER_IP_LIMIT: '2/1h' })
    assert.equal((await register(app, '2001:db8:1:2::1')).statusCode, 201)
    assert.equal((await register(app, '2001:db8:1:2:aaaa:bbbb:cccc:dddd')).statusCode, 201)
    const neighbour = await register(app, '2001:db8:1:2::ffff')
    assert.equal(neighbour.statusCode, 429, 'a /64 neighbour shares the count')
    assert.ok(Number(neighbour.headers['retry-after']) > 0)
    assert.equal((await register(app, '2001:db8:1:3::1')).statusCode, 201)
  })

  it('simultaneous registrations from one address create no more accounts than the limit', async (t) => {
    const { app, db } = await buildTestApp(t, { REGISTER_IP_LIMIT: '3/1h' })
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(app, '198.51.100.10')))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    assert.deepEqual(statuses, [201, 201, 201, 429, 429, 429, 429, 429])
    const accounts = await db.selectFrom('users').select('id').execute()
    assert.equal(accounts.length, 3)
  })
})
