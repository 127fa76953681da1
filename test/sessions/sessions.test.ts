import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import type { Db } from '../../src/db/database.js'
import { sweepExpired, SWEEP_STEP } from '../../src/maintenance.js'
import { deleteExpiredCounters } from '../../src/rate-limits/rate-limits.queries.js'
import { deleteExpiredSessions } from '../../src/sessions/sessions.queries.js'
import { equalInConstantTime, hashToken } from '../../src/sessions/token-hashes.js'
import { buildTestApp, json, login, me, registerAndLogin, strongPassword, uniqueEmail } from '../helpers.js'

interface SessionBody {
  id: string
  token?: string
  created_at: string
  updated_at: string
  expires_at: string
  current: boolean
  metadata: { user_agent: string | null; ip: string | null }
  links: Record<string, string>
}

/** The stored last-used time of a session. */
async function lastUsed(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select('updated_at')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow()
  return row.updated_at
}

describe('token hashes', () => {
  it('compare equal only when every character matches, whichever differs and wherever', () => {
    const stored = hashToken(randomUUID())
    assert.equal(equalInConstantTime(stored, stored.slice()), true)
    for (const index of [0, 31, 63]) {
      const flipped = stored.slice(0, index) + (stored[index] === 'a' ? 'b' : 'a') + stored.slice(index + 1)
      assert.equal(equalInConstantTime(stored, flipped), false, `a difference at ${String(index)}`)
    }
    assert.equal(equalInConstantTime(stored, stored.slice(0, 63)), false)
    assert.equal(equalInConstantTime(stored, `${stored}0`), false)
    assert.equal(equalInConstantTime(stored, hashToken(randomUUID())), false)
  })
})

describe('login', () => {
  it('answers 201 with a v4 UUID token, shown once, and the session’s metadata', async (t) => {
    const { app, config } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await login(app, user, { headers: { 'user-agent': 'QuireTest/1.0' } })
    assert.equal(response.statusCode, 201)
    const session = json<{ data: SessionBody }>(response).data
    assert.match(session.token ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.deepEqual(session.metadata, { user_agent: 'QuireTest/1.0', ip: '127.0.0.1' })
    assert.equal(session.current, true)
    assert.equal(session.created_at, session.updated_at)
    assert.equal(Date.parse(session.expires_at) - Date.parse(session.updated_at), config.sessionLifeMs)
    assert.equal(session.links['self'], `/v1/sessions/${session.id}`)

    const list = await app.inject({
      method: 'GET',
      url: '/v1/sessions',
      headers: { authorization: `Bearer ${session.token ?? ''}` },
    })
    assert.ok(!list.body.includes(session.token ?? 'missing'), 'the token is never shown again')
  })

  it('gives every login its own token', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const tokens = new Set<string>()
    for (let i = 0; i < 5; i++)
      tokens.add(json<{ data: SessionBody }>(await login(app, user)).data.token ?? '')
    assert.equal(tokens.size, 5)
  })

  it('matches the email regardless of case and surrounding spaces', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await login(app, { email: ` ${user.email.toUpperCase()} `, password: user.password })
    assert.equal(response.statusCode, 201)
  })

  it('accepts a password typed in another Unicode normal form (NFKC at registration and login)', async (t) => {
    const { app } = await buildTestApp(t)
    const email = uniqueEmail()
    const precomposed = 'caf\u00e9 cr\u00e8me au lait sous la pluie'
    const decomposed = 'cafe\u0301 cre\u0300me au lait sous la pluie'
    const registered = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email, password: precomposed },
    })
    assert.equal(registered.statusCode, 201)
    assert.equal((await login(app, { email, password: decomposed })).statusCode, 201)
    assert.equal((await login(app, { email, password: precomposed })).statusCode, 201)
  })

  it('answers the same 401 for a wrong password and for an unknown email', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const wrongPassword = await login(app, { email: user.email, password: `${user.password}x` })
    const unknownEmail = await login(app, { email: uniqueEmail('nobody'), password: user.password })
    assert.equal(wrongPassword.statusCode, 401)
    assert.equal(unknownEmail.statusCode, 401)
    assert.equal(wrongPassword.body, unknownEmail.body)
    assert.equal(json<{ error: { code: string } }>(wrongPassword).error.code, 'UNAUTHENTICATED')
  })

  it('answers the same 401 for an email holding NUL, which PostgreSQL cannot even compare', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const unknownEmail = await login(app, { email: uniqueEmail('nobody'), password: user.password })
    for (const email of ['\u0000', `${user.email}\u0000`, ` \u0000${user.email}`]) {
      const response = await login(app, { email, password: user.password })
      assert.equal(response.statusCode, 401, `${JSON.stringify(email)}: ${response.body}`)
      assert.equal(response.body, unknownEmail.body)
    }
  })

  it('answers 400 for a missing or mistyped field', async (t) => {
    const { app } = await buildTestApp(t)
    for (const payload of [{ email: 'a@example.com' }, { password: 'x' }, { email: 1, password: 'x' }]) {
      const response = await app.inject({ method: 'POST', url: '/v1/sessions', payload })
      assert.equal(response.statusCode, 400, JSON.stringify(payload))
    }
  })

  it('records the client address from X-Forwarded-For only when TRUST_PROXY says so', async (t) => {
    const trusting = await buildTestApp(t, { TRUST_PROXY: 'true' })
    const user = await registerAndLogin(trusting.app)
    const forwarded = await login(trusting.app, user, { headers: { 'x-forwarded-for': '203.0.113.7' } })
    assert.equal(json<{ data: SessionBody }>(forwarded).data.metadata.ip, '203.0.113.7')

    const plain = await buildTestApp(t)
    const other = await registerAndLogin(plain.app)
    const ignored = await login(plain.app, other, { headers: { 'x-forwarded-for': '203.0.113.7' } })
    assert.equal(json<{ data: SessionBody }>(ignored).data.metadata.ip, '127.0.0.1')
  })

  it('keeps at most SESSIONS_PER_USER_MAX sessions, evicting the least recently used', async (t) => {
    const { app } = await buildTestApp(t, { SESSIONS_PER_USER_MAX: '3', SESSION_TOUCH_INTERVAL: '0' })
    const user = await registerAndLogin(app) // session A
    const b = json<{ data: SessionBody }>(await login(app, user)).data.token ?? ''
    const c = json<{ data: SessionBody }>(await login(app, user)).data.token ?? ''
    await sleep(5)
    assert.equal((await me(app, user.token)).statusCode, 200) // A used: B is now the least recently used
    await sleep(5)
    const d = json<{ data: SessionBody }>(await login(app, user)).data.token ?? ''
    assert.equal((await me(app, b)).statusCode, 401, 'B was evicted')
    for (const token of [user.token, c, d]) assert.equal((await me(app, token)).statusCode, 200)
  })
})

describe('login rate limits', () => {
  it('refuses further attempts for an email after too many failures, with Retry-After, even with the right password', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '3/15m' })
    const user = await registerAndLogin(app)
    for (let i = 0; i < 3; i++) {
      assert.equal((await login(app, { email: user.email, password: 'wrong password here' })).statusCode, 401)
    }
    const limited = await login(app, user)
    assert.equal(limited.statusCode, 429)
    assert.equal(json<{ error: { code: string } }>(limited).error.code, 'RATE_LIMITED')
    const retryAfter = Number(limited.headers['retry-after'])
    assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${String(limited.headers['retry-after'])}`)
  })

  it('counts failures for unknown emails too, so limits do not reveal which accounts exist', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '2/15m' })
    const email = uniqueEmail('ghost')
    for (let i = 0; i < 2; i++)
      assert.equal((await login(app, { email, password: 'whatever pass' })).statusCode, 401)
    assert.equal((await login(app, { email, password: 'whatever pass' })).statusCode, 429)
  })

  it('resets an email’s failure count after a successful login', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '3/15m' })
    const user = await registerAndLogin(app)
    const fail = () => login(app, { email: user.email, password: 'wrong password here' })
    for (let i = 0; i < 2; i++) assert.equal((await fail()).statusCode, 401)
    assert.equal((await login(app, user)).statusCode, 201)
    for (let i = 0; i < 3; i++)
      assert.equal((await fail()).statusCode, 401, `failure ${i + 1} after the reset`)
    assert.equal((await fail()).statusCode, 429)
  })

  it('lets failures expire with their window', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '1/1s' })
    const user = await registerAndLogin(app)
    assert.equal((await login(app, { email: user.email, password: 'wrong password here' })).statusCode, 401)
    assert.equal((await login(app, user)).statusCode, 429)
    await sleep(1100)
    assert.equal((await login(app, user)).statusCode, 201)
  })

  it('limits register and login attempts per client address together', async (t) => {
    const { app } = await buildTestApp(t, { AUTH_IP_LIMIT: '4/1m' })
    const email = uniqueEmail()
    const password = strongPassword()
    assert.equal(
      (await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })).statusCode,
      201,
    )
    for (let i = 0; i < 3; i++) assert.equal((await login(app, { email, password })).statusCode, 201)
    const limited = await login(app, { email, password })
    assert.equal(limited.statusCode, 429)
    assert.equal(json<{ error: { code: string } }>(limited).error.code, 'RATE_LIMITED')
    assert.ok(Number(limited.headers['retry-after']) > 0)
    const register = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password },
    })
    assert.equal(register.statusCode, 429)
    // Another address is not affected.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email, password },
      remoteAddress: '198.51.100.20',
    })
    assert.equal(elsewhere.statusCode, 201)
  })
})

describe('authentication: the seed’s session state table', () => {
  it('a valid token is accepted and its session’s updated_at moves to now', async (t) => {
    const { app, db } = await buildTestApp(t, { SESSION_TOUCH_INTERVAL: '0' })
    const user = await registerAndLogin(app)
    const before = await lastUsed(db, user.sessionId)
    await sleep(15)
    assert.equal((await me(app, user.token)).statusCode, 200)
    const after = await lastUsed(db, user.sessionId)
    assert.ok(after > before)
  })

  it('writes updated_at at most once per touch interval', async (t) => {
    const { app, db } = await buildTestApp(t, { SESSION_TOUCH_INTERVAL: '1h' })
    const user = await registerAndLogin(app)
    const before = await lastUsed(db, user.sessionId)
    await sleep(15)
    assert.equal((await me(app, user.token)).statusCode, 200)
    const after = await lastUsed(db, user.sessionId)
    assert.equal(after, before)
  })

  it('a token with no matching session answers 401', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await me(app, randomUUID())
    assert.equal(response.statusCode, 401)
    assert.equal(json<{ error: { code: string } }>(response).error.code, 'UNAUTHENTICATED')
    assert.equal(response.headers['www-authenticate'], 'Bearer')
  })

  it('a missing token on a protected route answers 401', async (t) => {
    const { app } = await buildTestApp(t)
    for (const url of ['/v1/me', '/v1/sessions']) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 401, url)
    }
  })

  it('malformed Authorization headers and tokens answer 401', async (t) => {
    const { app } = await buildTestApp(t)
    for (const authorization of [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer not-a-token',
      `Token ${randomUUID()}`,
      'Bearer ' + 'a'.repeat(5000),
    ]) {
      const response = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization } })
      assert.equal(response.statusCode, 401, authorization.slice(0, 30))
    }
  })

  it('the scheme in any case and spacing is accepted, and a header of the usual length is still checked', async (t) => {
    // "Bearer <token>" as clients write it skips the case folding and trimming (sessions/authenticate.ts); the rest of
    // RFC 9110's forms take the full path, and the short cut admits nothing the full path refuses.
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    for (const authorization of [
      `Bearer ${user.token}`,
      `bearer ${user.token}`,
      `BEARER ${user.token}`,
      `Bearer   ${user.token}`,
      `Bearer ${user.token} `,
    ]) {
      const response = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization } })
      assert.equal(response.statusCode, 200, JSON.stringify(authorization))
    }
    for (const authorization of [
      `Bearer ${user.token.toUpperCase()}`, // 43 characters, not one of our tokens
      `Bearer ${user.token.slice(0, 35)} `,
      `Bearer ${user.token.slice(1)}x`,
      `Bearer\t${user.token}`,
      `Bearer ${' '.repeat(36)}`,
    ]) {
      const response = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization } })
      assert.equal(response.statusCode, 401, JSON.stringify(authorization))
    }
  })

  it('each route keeps its mode: HEAD twins of GET routes too, and routes that take no token ignore one', async (t) => {
    // The mode is settled per route when it is added (sessions/authenticate.ts); Fastify adds each GET route's HEAD twin
    // as a route of its own, which must not come out unauthenticated.
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const bad = { authorization: `Bearer ${randomUUID()}` }
    const head = (url: string, headers = {}) => app.inject({ method: 'HEAD', url, headers })
    assert.equal((await head('/v1/me')).statusCode, 401, 'HEAD /v1/me without a token')
    assert.equal((await head('/v1/me', bad)).statusCode, 401, 'HEAD /v1/me with an unknown token')
    assert.equal(
      (await head('/v1/me', { authorization: `Bearer ${user.token}` })).statusCode,
      200,
      'HEAD /v1/me with the token',
    )
    // Optional: public reads answer without a token, and a sent token is still checked.
    assert.equal((await head('/v1/posts')).statusCode, 200, 'HEAD /v1/posts without a token')
    assert.equal((await head('/v1/posts', bad)).statusCode, 401, 'HEAD /v1/posts with an unknown token')
    assert.equal(
      (await app.inject({ method: 'GET', url: '/v1/posts', headers: bad })).statusCode,
      401,
      'GET /v1/posts with an unknown token',
    )
    // None: login never looks at a token, even a malformed one.
    const response = await login(app, user, { headers: { authorization: 'Bearer not-a-token' } })
    assert.equal(response.statusCode, 201)
  })

  it('an idle session past its life is deleted and answers 401; use extends it', async (t) => {
    const { app, db } = await buildTestApp(t, { SESSION_LIFE: '2s', SESSION_TOUCH_INTERVAL: '0' })
    const user = await registerAndLogin(app)
    // Used every 0.8 s for 3.2 s — longer than the life — the session stays valid.
    for (let i = 0; i < 4; i++) {
      await sleep(800)
      assert.equal((await me(app, user.token)).statusCode, 200, `use ${i + 1}`)
    }
    await sleep(2300)
    const expired = await me(app, user.token)
    assert.equal(expired.statusCode, 401)
    assert.match(json<{ error: { message: string } }>(expired).error.message, /expired/)
    const row = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', user.sessionId)
      .executeTakeFirst()
    assert.equal(row, undefined, 'the expired session row was deleted')
    assert.equal((await me(app, user.token)).statusCode, 401)
  })

  it('an absolute life cap ends a session even while it is in use', async (t) => {
    const { app } = await buildTestApp(t, { SESSION_ABSOLUTE_LIFE: '2s', SESSION_TOUCH_INTERVAL: '0' })
    const user = await registerAndLogin(app)
    const expiresAt = Date.parse(
      json<{ data: SessionBody[] }>(
        await app.inject({ method: 'GET', url: '/v1/sessions', headers: user.auth }),
      ).data[0]?.expires_at ?? '',
    )
    assert.ok(expiresAt - Date.now() <= 2000, 'expires_at reflects the cap')
    for (let i = 0; i < 2; i++) {
      await sleep(700)
      assert.equal((await me(app, user.token)).statusCode, 200)
    }
    await sleep(800)
    assert.equal((await me(app, user.token)).statusCode, 401)
  })

  it('the periodic sweep deletes expired sessions that are never used again', async (t) => {
    const { app, db } = await buildTestApp(t, { SESSION_LIFE: '1h' })
    const stale = await registerAndLogin(app)
    const fresh = await registerAndLogin(app)
    await db
      .updateTable('sessions')
      .set({ updated_at: Date.now() - 2 * 3_600_000 })
      .where('id', '=', stale.sessionId)
      .execute()
    await sweepExpired(app)
    const ids = (await db.selectFrom('sessions').select('id').execute()).map((row) => row.id)
    assert.ok(!ids.includes(stale.sessionId))
    assert.ok(ids.includes(fresh.sessionId))
  })

  it('the sweep deletes expired sessions and counters in statements of at most SWEEP_STEP rows', async (t) => {
    const { app, db } = await buildTestApp(t, { SESSION_LIFE: '1h' })
    const user = await registerAndLogin(app)
    const old = Date.now() - 2 * 3_600_000
    const many = SWEEP_STEP + 100
    for (let start = 0; start < many; start += 100) {
      await db
        .insertInto('sessions')
        .values(
          Array.from({ length: 100 }, (_, index) => ({
            id: randomUUID(),
            user_id: user.id,
            token_hash: `expired-${String(start + index)}`,
            user_agent: null,
            ip: null,
            created_at: old,
            updated_at: old,
          })),
        )
        .execute()
      await db
        .insertInto('rate_limits')
        .values(
          Array.from({ length: 100 }, (_, index) => ({
            key: `old-${String(start + index)}`,
            count: 1,
            reset_at: old,
          })),
        )
        .execute()
    }
    const cutoff = Date.now() - 3_600_000
    assert.equal(await deleteExpiredSessions(db, SWEEP_STEP, cutoff), SWEEP_STEP)
    assert.equal(await deleteExpiredCounters(db, SWEEP_STEP, Date.now()), SWEEP_STEP)
    await sweepExpired(app)
    const left = await db.selectFrom('sessions').select('id').execute()
    assert.deepEqual(
      left.map((row) => row.id),
      [user.sessionId],
    )
    const counters = await db.selectFrom('rate_limits').select('key').where('key', 'like', 'old-%').execute()
    assert.deepEqual(counters, [])
  })

  it('accepts the token in the access_token query parameter', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({ method: 'GET', url: `/v1/me?access_token=${user.token}` })
    assert.equal(response.statusCode, 200)
  })

  it('refuses the access_token query parameter when ALLOW_QUERY_TOKEN=false', async (t) => {
    const { app } = await buildTestApp(t, { ALLOW_QUERY_TOKEN: 'false' })
    const user = await registerAndLogin(app)
    const response = await app.inject({ method: 'GET', url: `/v1/me?access_token=${user.token}` })
    assert.equal(response.statusCode, 401)
    assert.match(json<{ error: { message: string } }>(response).error.message, /disabled/)
    assert.equal((await me(app, user.token)).statusCode, 200)
  })

  it('answers 400 when a token is sent both in the header and the query', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({
      method: 'GET',
      url: `/v1/me?access_token=${user.token}`,
      headers: user.auth,
    })
    assert.equal(response.statusCode, 400)
  })
})

describe('sessions resource', () => {
  it('lists the caller’s sessions newest first, marking the current one, never a token or hash', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const second = json<{ data: SessionBody }>(
      await login(app, user, { headers: { 'user-agent': 'Phone' } }),
    ).data
    const response = await app.inject({ method: 'GET', url: '/v1/sessions', headers: user.auth })
    assert.equal(response.statusCode, 200)
    const sessions = json<{ data: SessionBody[] }>(response).data
    assert.deepEqual(
      sessions.map((session) => session.id),
      [second.id, user.sessionId],
    )
    assert.deepEqual(
      sessions.map((session) => session.current),
      [false, true],
    )
    assert.equal(sessions[0]?.metadata.user_agent, 'Phone')
    assert.ok(!response.body.includes(user.token) && !response.body.includes(second.token ?? 'missing'))
    assert.ok(!response.body.includes(hashToken(user.token)))
    assert.ok(!/token/.test(sessions.flatMap((session) => Object.keys(session)).join(',')))
  })

  it('pages through sessions with limit and next_page_token', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    for (let i = 0; i < 4; i++) await login(app, user)
    const seen: string[] = []
    let url = '/v1/sessions?limit=2'
    for (let pages = 0; pages < 10; pages++) {
      const page = json<{ data: SessionBody[]; next_page_token?: string }>(
        await app.inject({ method: 'GET', url, headers: user.auth }),
      )
      seen.push(...page.data.map((session) => session.id))
      if (page.next_page_token === undefined) break
      url = `/v1/sessions?limit=2&pagetoken=${page.next_page_token}`
    }
    assert.equal(seen.length, 5)
    assert.equal(new Set(seen).size, 5)
  })

  it('logout deletes the session and its token answers 401 afterwards', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${user.sessionId}`,
      headers: user.auth,
    })
    assert.equal(response.statusCode, 204)
    assert.equal(response.body, '')
    assert.equal((await me(app, user.token)).statusCode, 401)
  })

  it('logging out one session leaves the others working', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const other = json<{ data: SessionBody }>(await login(app, user)).data
    await app.inject({ method: 'DELETE', url: `/v1/sessions/${other.id}`, headers: user.auth })
    assert.equal((await me(app, other.token ?? '')).statusCode, 401)
    assert.equal((await me(app, user.token)).statusCode, 200)
  })

  it('signs out everywhere else, keeping only the current session', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const others = [
      json<{ data: SessionBody }>(await login(app, user)).data,
      json<{ data: SessionBody }>(await login(app, user)).data,
    ]
    const response = await app.inject({ method: 'DELETE', url: '/v1/sessions/others', headers: user.auth })
    assert.equal(response.statusCode, 204)
    for (const other of others) assert.equal((await me(app, other.token ?? '')).statusCode, 401)
    assert.equal((await me(app, user.token)).statusCode, 200)
    const list = json<{ data: SessionBody[] }>(
      await app.inject({ method: 'GET', url: '/v1/sessions', headers: user.auth }),
    )
    assert.deepEqual(
      list.data.map((session) => session.id),
      [user.sessionId],
    )
  })

  it('an unknown or malformed session ID answers 404', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      const response = await app.inject({ method: 'DELETE', url: `/v1/sessions/${id}`, headers: user.auth })
      assert.equal(response.statusCode, 404, id)
    }
  })
})

describe('sessions: one user can never reach another’s', () => {
  it('cannot list, see or delete another user’s sessions', async (t) => {
    const { app } = await buildTestApp(t)
    const alice = await registerAndLogin(app, 'alice')
    const mallory = await registerAndLogin(app, 'mallory')

    const list = await app.inject({ method: 'GET', url: '/v1/sessions', headers: mallory.auth })
    assert.ok(!list.body.includes(alice.sessionId))
    const me = await app.inject({ method: 'GET', url: '/v1/me?include=sessions', headers: mallory.auth })
    assert.ok(!me.body.includes(alice.sessionId))

    const del = await app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${alice.sessionId}`,
      headers: mallory.auth,
    })
    assert.equal(del.statusCode, 404)
    const others = await app.inject({ method: 'DELETE', url: '/v1/sessions/others', headers: mallory.auth })
    assert.equal(others.statusCode, 204)
    const stillThere = await app.inject({ method: 'GET', url: '/v1/me', headers: alice.auth })
    assert.equal(stillThere.statusCode, 200, 'Alice’s session survived everything Mallory did')
  })
})
