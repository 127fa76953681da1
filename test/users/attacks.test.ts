import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { insertSessionIfCredentialsCurrent } from '../../src/sessions/sessions.queries.js'
import { hashToken } from '../../src/sessions/token-hashes.js'
import { newSessionToken } from '../../src/sessions/tokens.js'
import {
  buildTestApp,
  json,
  login,
  registerAndLogin,
  statuses,
  strongPassword,
  uniqueEmail,
  type TestUser,
} from '../helpers.js'

// Attacks on accounts: concurrent guesses, lockouts as denial of service, logins racing credential
// changes and deletion, and unbounded password input.

type ErrorResponse = { error: { code: string; message: string; fields?: Record<string, string> } }

async function sessionCount(app: FastifyInstance, user: TestUser): Promise<number> {
  const rows = await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()
  return rows.length
}

/** A stand-in for the HIBP range API on 127.0.0.1 that counts its requests. */
async function rangeServer(t: TestContext): Promise<{ url: string; requests: () => number }> {
  let requests = 0
  const server: Server = createServer((_request, response) => {
    requests++
    response.end('0000000000000000000000000000000000A:1\r\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(
    () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        }),
      ),
  )
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/range/`, requests: () => requests }
}

describe('failed-login limit under concurrency', () => {
  it('60 parallel wrong guesses get at most LOGIN_FAILURE_LIMIT password checks; the rest answer 429', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '10/15m', AUTH_IP_LIMIT: '1000/1m' })
    const user = await registerAndLogin(app)
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(app, { email: user.email, password: `wrong guess ${i}` })),
    )
    const counts = statuses(responses)
    assert.equal(counts[401], 10, `answers: ${JSON.stringify(counts)}`)
    assert.equal(counts[429], 50, `answers: ${JSON.stringify(counts)}`)
  })

  it('PUT /v1/me/password and DELETE /v1/me count their attempts the same way', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '5/15m' })
    const user = await registerAndLogin(app)
    const changes = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'PUT',
          url: '/v1/me/password',
          headers: user.auth,
          payload: { current_password: 'not the password', new_password: strongPassword() },
        }),
      ),
    )
    assert.deepEqual(statuses(changes), { 422: 5, 429: 15 })

    const other = await registerAndLogin(app)
    const deletions = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'DELETE',
          url: '/v1/me',
          headers: other.auth,
          payload: { password: 'not the password' },
        }),
      ),
    )
    assert.deepEqual(statuses(deletions), { 422: 5, 429: 15 })
  })
})

describe('lockout as denial of service', () => {
  it('failures from one address do not lock the owner out from another', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '3/15m' })
    const user = await registerAndLogin(app)
    const attacker = () =>
      login(app, { email: user.email, password: 'guess guess guess' }, { remoteAddress: '203.0.113.7' })
    for (let i = 0; i < 3; i++) assert.equal((await attacker()).statusCode, 401)
    for (let i = 0; i < 10; i++) assert.equal((await attacker()).statusCode, 429)
    assert.equal(
      (await login(app, user, { remoteAddress: '198.51.100.20' })).statusCode,
      201,
      'the owner still gets in',
    )
  })

  it('the per-email ceiling stops guesses spread over many addresses', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '3/15m', LOGIN_FAILURE_EMAIL_LIMIT: '5/1h' })
    const user = await registerAndLogin(app)
    const guess = (address: string) =>
      login(app, { email: user.email, password: 'guess guess guess' }, { remoteAddress: address })
    for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.3']) {
      assert.equal((await guess(address)).statusCode, 401)
    }
    const limited = await guess('203.0.113.4')
    assert.equal(limited.statusCode, 429)
    assert.ok(Number(limited.headers['retry-after']) > 900, 'the hour-long window applies')
  })
})

describe('login racing a password change', () => {
  it('no session opened with the old password survives the change', async (t) => {
    const { app } = await buildTestApp(t, { AUTH_IP_LIMIT: '1000/1m', LOGIN_FAILURE_LIMIT: '1000/15m' })
    const user = await registerAndLogin(app)
    const newPassword = strongPassword()
    const logins: Array<Promise<LightMyRequestResponse>> = []
    for (let i = 0; i < 30; i++) {
      logins.push(login(app, user))
      if (i === 5) {
        logins.push(
          app.inject({
            method: 'PUT',
            url: '/v1/me/password',
            headers: user.auth,
            payload: { current_password: user.password, new_password: newPassword },
          }),
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 8))
    }
    const answers = await Promise.all(logins)
    assert.ok(
      answers.every((answer) => [200, 201, 401].includes(answer.statusCode)),
      JSON.stringify(statuses(answers)),
    )
    assert.equal(await sessionCount(app, user), 1, 'only the session that changed the password remains')
  })

  it('a session is created only while the credentials the login checked are current', async (t) => {
    const { app, db } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const now = Date.now()
    const row = (id: string) => ({
      id,
      user_id: user.id,
      token_hash: hashToken(newSessionToken()),
      user_agent: null,
      ip: '127.0.0.1',
      created_at: now,
      updated_at: now,
    })
    assert.equal(
      await insertSessionIfCredentialsCurrent(db, row('00000000-0000-7000-8000-000000000001'), 2),
      false,
    )
    assert.equal(
      await insertSessionIfCredentialsCurrent(db, row('00000000-0000-7000-8000-000000000002'), 1),
      true,
    )
    assert.equal(await sessionCount(app, user), 2)
  })
})

describe('login racing the account’s deletion', () => {
  it('answers 201 or 401, never 500, and leaves no session behind', async (t) => {
    const { app } = await buildTestApp(t, { AUTH_IP_LIMIT: '1000/1m', LOGIN_FAILURE_LIMIT: '1000/15m' })
    const user = await registerAndLogin(app)
    const requests: Array<Promise<LightMyRequestResponse>> = []
    for (let i = 0; i < 40; i++) {
      requests.push(login(app, user))
      if (i === 15) {
        requests.push(
          app.inject({
            method: 'DELETE',
            url: '/v1/me',
            headers: user.auth,
            payload: { password: user.password },
          }),
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 3))
    }
    const answers = await Promise.all(requests)
    const counts = statuses(answers)
    assert.ok(
      Object.keys(counts).every((status) => ['201', '204', '401'].includes(status)),
      JSON.stringify(counts),
    )
    assert.equal(counts[204], 1)
    assert.equal(await sessionCount(app, user), 0)
  })
})

describe('unbounded password input', () => {
  const expanding = '\ufdfa'.repeat(300_000) // about 900 KB of UTF-8; NFKC makes it 5.4 million characters

  it('a huge password is refused by the schema before it is normalised, on every route that takes one', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const attempts = [
      {
        method: 'POST' as const,
        url: '/v1/register',
        payload: { email: uniqueEmail(), password: expanding },
      },
      { method: 'POST' as const, url: '/v1/sessions', payload: { email: user.email, password: expanding } },
      {
        method: 'PUT' as const,
        url: '/v1/me/password',
        headers: user.auth,
        payload: { current_password: user.password, new_password: expanding },
      },
      {
        method: 'PUT' as const,
        url: '/v1/me/password',
        headers: user.auth,
        payload: { current_password: expanding, new_password: strongPassword() },
      },
      { method: 'DELETE' as const, url: '/v1/me', headers: user.auth, payload: { password: expanding } },
    ]
    for (const attempt of attempts) {
      const response = await app.inject(attempt)
      assert.equal(
        response.statusCode,
        422,
        `${attempt.method} ${attempt.url}: ${response.body.slice(0, 200)}`,
      )
      const fields = json<ErrorResponse>(response).error.fields ?? {}
      const messages = Object.values(fields)
      assert.equal(messages.length, 1)
      assert.match(
        messages[0] ?? '',
        /^(Password|New password|Current password) must be at most 1024 characters\.$/,
      )
    }
  })

  it('a rate-limited password change does no work on the new password', async (t) => {
    const breach = await rangeServer(t)
    const { app } = await buildTestApp(t, {
      LOGIN_FAILURE_LIMIT: '1/15m',
      PASSWORD_BREACH_CHECK: 'hibp',
      PASSWORD_BREACH_CHECK_URL: breach.url,
    })
    const user = await registerAndLogin(app)
    const change = () =>
      app.inject({
        method: 'PUT',
        url: '/v1/me/password',
        headers: user.auth,
        payload: { current_password: 'not the password', new_password: strongPassword() },
      })
    assert.equal((await change()).statusCode, 422)
    const lookupsBefore = breach.requests()
    assert.equal((await change()).statusCode, 429)
    assert.equal(breach.requests(), lookupsBefore, 'no breach lookup (nor policy check) once limited')
  })
})
