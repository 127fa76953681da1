import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { hashPassword } from '../../src/accounts/passwords.js'
import type { Db } from '../../src/db/database.js'
import { hashToken } from '../../src/sessions/token-hashes.js'
import { buildTestApp, json, strongPassword, uniqueEmail } from '../helpers.js'

const TABLES = ['users', 'sessions', 'rate_limits'] as const

/** The password hash stored for an account. */
/**
 * The start of a hash made with the setting this process hashes with (the test runner's cheap one;
 * test/accounts/passwords.test.ts and test/e2e/server.test.ts check what production uses).
 */
async function currentHashPrefix(): Promise<string> {
  return `${(await hashPassword('probe')).split('$').slice(0, 4).join('$')}$`
}

async function storedPasswordHash(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return row.password_hash
}

describe('secrets at rest', () => {
  it('the database holds no clear token and no password, only their hashes', async (t) => {
    const { app, db } = await buildTestApp(t)
    const email = uniqueEmail()
    const password = strongPassword()
    await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
    const login = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    const token = json<{ data: { token: string } }>(login).data.token
    await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email, password: 'a wrong password' },
    })

    const dump: string[] = []
    for (const table of TABLES) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
      for (const row of rows.rows) dump.push(JSON.stringify(row))
    }
    const everything = dump.join('\n')
    assert.ok(everything.includes(hashToken(token)), 'the token’s SHA-256 is stored')
    assert.ok(!everything.includes(token), 'the clear token is not stored')
    assert.ok(!everything.includes(password), 'the clear password is not stored')
    const stored = await storedPasswordHash(db, email)
    assert.ok(stored.startsWith(await currentHashPrefix()), stored)
  })

  it('a hash made with the earlier 19 MiB / 2-pass setting still signs in, and is re-hashed with the current one', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { default: argon2 } = await import('argon2')
    const email = uniqueEmail()
    const password = strongPassword()
    await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
    const earlier = await argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    })
    await db.updateTable('users').set({ password_hash: earlier }).where('email', '=', email).execute()

    const login = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    assert.equal(login.statusCode, 201, login.body)
    const rehashed = await storedPasswordHash(db, email)
    assert.ok(rehashed.startsWith(await currentHashPrefix()), rehashed)
    const again = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    assert.equal(again.statusCode, 201, 'the re-hashed password still signs in')
  })

  it('rate-limit counters key accounts by a hash, not the address', async (t) => {
    const { app, db } = await buildTestApp(t)
    const email = uniqueEmail('counted')
    await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email, password: 'a wrong password' },
    })
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key)
    assert.ok(keys.some((key) => key.startsWith('login-failures:')))
    assert.ok(keys.every((key) => !key.includes(email)))
  })
})

describe('secrets in logs', () => {
  it('a full register, login, request and logout flow logs no token and no password', async (t) => {
    const { app, logText, logs } = await buildTestApp(t)
    const email = uniqueEmail()
    const password = strongPassword()
    await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
    await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password: `${password}!` } })
    const login = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    const { token, id } = json<{ data: { token: string; id: string } }>(login).data
    await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${token}` } })
    await app.inject({ method: 'GET', url: `/v1/me?access_token=${token}` })
    await app.inject({ method: 'GET', url: `/v1/me?x=1&access%5Ftoken=${token}` })
    await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: 'wrong current one', new_password: 'password123' },
    })
    await app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${token}` } })

    const text = logText()
    assert.ok(logs().length >= 16, 'requests were logged')
    assert.ok(text.includes('/v1/me?access_token=[REDACTED]'), 'the URL is logged with the token redacted')
    for (const secret of [token, password, hashToken(token), 'wrong current one']) {
      assert.ok(!text.includes(secret), `log contains ${secret.slice(0, 6)}…`)
    }
    assert.ok(!/authorization/i.test(text), 'no Authorization header is logged')
  })
})

describe('account enumeration', () => {
  it('wrong password and unknown email give byte-identical answers with the same headers', async (t) => {
    const { app } = await buildTestApp(t)
    const email = uniqueEmail()
    const password = strongPassword()
    await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
    const known = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email, password: 'incorrect pw' },
    })
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: uniqueEmail('nobody'), password: 'incorrect pw' },
    })
    assert.equal(known.statusCode, unknown.statusCode)
    assert.equal(known.body, unknown.body)
    const stable = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort()
    assert.deepEqual(stable(known.headers), stable(unknown.headers))
  })
})
