import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../../src/config.js'
import type { Db } from '../../src/db/database.js'
import type { Tables } from '../../src/db/tables.js'
import { forgetAllPasswordAttempts } from '../../src/rate-limits/rate-limits.js'
import {
  buildTestApp,
  json,
  login,
  POSTGRES_ADMIN_URL,
  TEST_ENGINE,
  registerAndLogin,
  statuses,
  strongPassword,
  uniqueEmail,
  type TestUser,
} from '../helpers.js'
import { tokenFromMail, type TestSmtpServer } from '../mail-helpers.js'
import { APP_URL, buildMailingApp, STEP_MS, totpCode } from '../recovery-helpers.js'

// The owner is never locked out by others' guesses: over the account's ceiling of failed attempts
// (LOGIN_FAILURE_EMAIL_LIMIT) the right password answers LOGIN_CONFIRMATION_REQUIRED and mails a
// one-time link, a password reset clears the counts, and counters keyed by client address count an
// IPv6 /64 (and an IPv4-mapped address as its IPv4 address) as one client.

type ErrorResponse = { error: { code: string; message: string } }

const SUBJECT = 'Confirm your sign-in'
// Client addresses come from X-Forwarded-For through one trusted hop, as behind a load balancer.
const BASE_ENV = { TRUST_PROXY: '1', AUTH_IP_LIMIT: '100000/1m' }

/** A sign-in from `address`, as the trusted proxy reports it, with more fields of the body if given. */
function from(address: string, body: Record<string, string> = {}) {
  return { headers: { 'x-forwarded-for': address }, body }
}

let addressCounter = 0

/** An address that has never tried a password before. */
function freshAddress(): string {
  addressCounter += 1
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

function errorCode(response: LightMyRequestResponse): string {
  return json<ErrorResponse>(response).error.code
}

/** `perAddress` wrong passwords from each address, the addresses in parallel. */
async function guess(
  app: FastifyInstance,
  email: string,
  addresses: string[],
  perAddress: number,
): Promise<LightMyRequestResponse[]> {
  const answers = await Promise.all(
    addresses.map(async (address) => {
      const mine: LightMyRequestResponse[] = []
      for (let i = 0; i < perAddress; i++) {
        mine.push(await login(app, { email, password: `wrong guess ${i} ${address}` }, from(address)))
      }
      return mine
    }),
  )
  return answers.flat()
}

function confirmationMails(smtp: TestSmtpServer, email: string): number {
  return smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject === SUBJECT).length
}

async function confirmationToken(smtp: TestSmtpServer, user: TestUser, after = 0): Promise<string> {
  await smtp.waitForMail(() => confirmationMails(smtp, user.email) > after)
  const mails = smtp.mails.filter((mail) => mail.to.includes(user.email) && mail.subject === SUBJECT)
  const mail = mails.at(-1)
  if (!mail) throw new Error('no confirmation mail')
  assert.ok(mail.text.includes(`${APP_URL}/confirm-login#token=`), mail.text)
  return tokenFromMail(mail)
}

function confirmationRows(db: Db, user: TestUser) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'login_confirmation')
    .execute()
}

function emailKeyPrefix(email: string): string {
  return `login-failures:${createHash('sha256').update(email).digest('hex')}`
}

async function failureCounters(db: Db, email: string): Promise<number> {
  const rows = await db
    .selectFrom('rate_limits')
    .select('key')
    .where('key', 'like', `${emailKeyPrefix(email)}%`)
    .execute()
  return rows.length
}

/** Waits until the outbox has sent everything queued, so "no further mail" can be asserted. */
async function outboxEmpty(db: Db): Promise<void> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const row = await db
      .selectFrom('mail_outbox')
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
    if (Number(row.n) === 0) return
    if (Date.now() > deadline) throw new Error('the outbox did not empty')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the owner over the account’s failure ceiling', () => {
  it('the finding: 110 wrong passwords from 11 IPv4 addresses; the owner gets a confirmation, not 429', async (t) => {
    const { app, smtp } = await buildMailingApp(t, BASE_ENV)
    const user = await registerAndLogin(app)
    const addresses = Array.from({ length: 11 }, (_, i) => `203.0.113.${i + 1}`)
    const answers = await guess(app, user.email, addresses, 10)
    assert.deepEqual(statuses(answers), { 401: 100, 429: 10 }, 'a wrong password over the ceiling: 429')

    const owner = await login(app, user, from('198.51.100.20'))
    assert.equal(owner.statusCode, 401, owner.body)
    assert.equal(errorCode(owner), 'LOGIN_CONFIRMATION_REQUIRED')
    assert.equal(owner.headers['retry-after'], undefined)
    const token = await confirmationToken(smtp, user)

    const confirmed = await login(app, user, from('198.51.100.20', { login_token: token }))
    assert.equal(confirmed.statusCode, 201, confirmed.body)
    assert.equal((await confirmationRows(app.db, user)).length, 0, 'the login spent the token')
    const ceiling = await app.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', '=', emailKeyPrefix(user.email))
      .executeTakeFirst()
    assert.equal(ceiling, undefined, 'the success forgets the account’s count')
    assert.equal((await login(app, user, from('198.51.100.20'))).statusCode, 201, 'the next login is plain')
  })

  it('the finding over IPv6: 11 addresses of one /64 count as one client, and the owner gets in', async (t) => {
    const { app } = await buildMailingApp(t, BASE_ENV)
    const user = await registerAndLogin(app)
    const addresses = Array.from({ length: 11 }, (_, i) => `2001:db8:5:6::${(i + 1).toString(16)}`)
    const answers = await guess(app, user.email, addresses, 10)
    assert.deepEqual(statuses(answers), { 401: 10, 429: 100 }, 'LOGIN_FAILURE_LIMIT applies to the /64')
    const owner = await login(app, user, from('2001:db8:7:8::1'))
    assert.equal(owner.statusCode, 201, owner.body)
  })

  it('the per-(email, address) counter groups an IPv6 /64 and counts ::ffff:a.b.c.d as a.b.c.d', async (t) => {
    const { app } = await buildMailingApp(t, { ...BASE_ENV, LOGIN_FAILURE_LIMIT: '3/15m' })
    const user = await registerAndLogin(app)
    const wrong = { email: user.email, password: 'not the password at all' }
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff:ffff:ffff:ffff']) {
      assert.equal((await login(app, wrong, from(address))).statusCode, 401)
    }
    assert.equal((await login(app, wrong, from('2001:db8:1:2::99'))).statusCode, 429, 'same /64')
    assert.equal((await login(app, wrong, from('2001:db8:1:3::1'))).statusCode, 401, 'another /64')

    for (let i = 0; i < 3; i++) {
      assert.equal((await login(app, wrong, from('::ffff:192.0.2.9'))).statusCode, 401)
    }
    assert.equal(
      (await login(app, wrong, from('192.0.2.9'))).statusCode,
      429,
      'the mapped address is the IPv4 one',
    )
    assert.equal((await login(app, wrong, from('::FFFF:192.0.2.9'))).statusCode, 429)
    assert.equal((await login(app, user, from('192.0.2.10'))).statusCode, 201)
  })

  it('an unknown email over the ceiling answers as a wrong password; a correct one gets no mail there', async (t) => {
    const { app, smtp } = await buildMailingApp(t, {
      ...BASE_ENV,
      LOGIN_FAILURE_LIMIT: '2/15m',
      LOGIN_FAILURE_EMAIL_LIMIT: '4/1h',
    })
    const user = await registerAndLogin(app)
    const unknown = uniqueEmail('nobody')
    const spread = ['203.0.113.1', '203.0.113.2']
    assert.deepEqual(statuses(await guess(app, unknown, spread, 2)), { 401: 4 })
    assert.deepEqual(statuses(await guess(app, user.email, spread, 2)), { 401: 4 })

    const forUnknown = await login(app, { email: unknown, password: user.password }, from(freshAddress()))
    const wrongForUser = await login(app, { ...user, password: 'not it at all' }, from(freshAddress()))
    for (const answer of [forUnknown, wrongForUser]) {
      assert.equal(answer.statusCode, 429, answer.body)
      assert.equal(errorCode(answer), 'RATE_LIMITED')
      assert.ok(Number(answer.headers['retry-after']) > 3500)
    }
    const shape = (answer: LightMyRequestResponse) =>
      json<ErrorResponse>(answer).error.message.replace(/\d+/g, 'N')
    assert.equal(shape(forUnknown), shape(wrongForUser))
    assert.equal(errorCode(await login(app, user, from(freshAddress()))), 'LOGIN_CONFIRMATION_REQUIRED')
    await confirmationToken(smtp, user)
    await outboxEmpty(app.db)
    assert.equal(smtp.mails.filter((mail) => mail.to.includes(unknown)).length, 0)
  })

  it('the token: single use, only for this account, not spent by a wrong password; under the ceiling ignored', async (t) => {
    const env = { ...BASE_ENV, LOGIN_FAILURE_LIMIT: '2/15m', LOGIN_FAILURE_EMAIL_LIMIT: '4/1h' }
    const { app, smtp } = await buildMailingApp(t, env)
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    const spread = ['203.0.113.1', '203.0.113.2', '203.0.113.3']
    await guess(app, user.email, spread, 2)
    await guess(app, other.email, spread, 2)
    assert.equal(errorCode(await login(app, user, from(freshAddress()))), 'LOGIN_CONFIRMATION_REQUIRED')
    const token = await confirmationToken(smtp, user)

    const otherWithIt = await login(app, other, from(freshAddress(), { login_token: token }))
    assert.equal(errorCode(otherWithIt), 'LOGIN_CONFIRMATION_REQUIRED', 'another account’s token')
    const wrongWithIt = await login(
      app,
      { ...user, password: 'not it at all' },
      from(freshAddress(), {
        login_token: token,
      }),
    )
    assert.equal(wrongWithIt.statusCode, 429, 'a wrong password with the token: as any wrong password')
    for (const bad of ['x', 'A'.repeat(43), `${token}x`]) {
      const answer = await login(app, user, from(freshAddress(), { login_token: bad }))
      assert.equal(errorCode(answer), 'LOGIN_CONFIRMATION_REQUIRED', bad)
    }
    assert.equal((await confirmationRows(app.db, user)).length, 1, 'not spent by any of those')

    assert.equal((await login(app, user, from(freshAddress(), { login_token: token }))).statusCode, 201)
    // Over the ceiling again: the spent token no longer helps.
    await guess(app, user.email, [freshAddress(), freshAddress(), freshAddress()], 2)
    const again = await login(app, user, from(freshAddress(), { login_token: token }))
    assert.equal(errorCode(again), 'LOGIN_CONFIRMATION_REQUIRED', 'single use')

    // Under the ceiling a login_token, even a malformed one, changes nothing.
    const fresh = await registerAndLogin(app)
    const ignored = await login(app, fresh, from(freshAddress(), { login_token: 'not a token' }))
    assert.equal(ignored.statusCode, 201, ignored.body)
  })

  it('the token lasts 15 minutes; an expired one answers LOGIN_CONFIRMATION_REQUIRED', async (t) => {
    const env = { ...BASE_ENV, LOGIN_FAILURE_LIMIT: '2/15m', LOGIN_FAILURE_EMAIL_LIMIT: '2/1h' }
    const { app, smtp } = await buildMailingApp(t, env)
    const user = await registerAndLogin(app)
    await guess(app, user.email, ['203.0.113.1', '203.0.113.2'], 1)
    const before = Date.now()
    assert.equal(errorCode(await login(app, user, from(freshAddress()))), 'LOGIN_CONFIRMATION_REQUIRED')
    const token = await confirmationToken(smtp, user)
    const [row] = await confirmationRows(app.db, user)
    assert.ok(row)
    assert.ok(row.expires_at >= before + 15 * 60_000 && row.expires_at <= Date.now() + 15 * 60_000)
    await app.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', row.id)
      .execute()
    const expired = await login(app, user, from(freshAddress(), { login_token: token }))
    assert.equal(errorCode(expired), 'LOGIN_CONFIRMATION_REQUIRED')
  })

  it('at most one confirmation mail per account per 5 minutes; the 401 answers either way', async (t) => {
    const env = { ...BASE_ENV, LOGIN_FAILURE_LIMIT: '2/15m', LOGIN_FAILURE_EMAIL_LIMIT: '2/1h' }
    const { app, smtp } = await buildMailingApp(t, env)
    const user = await registerAndLogin(app)
    await guess(app, user.email, ['203.0.113.1', '203.0.113.2'], 1)
    const before = Date.now()
    for (let i = 0; i < 4; i++) {
      assert.equal(errorCode(await login(app, user, from(freshAddress()))), 'LOGIN_CONFIRMATION_REQUIRED')
    }
    const first = await confirmationToken(smtp, user)
    await outboxEmpty(app.db)
    assert.equal(confirmationMails(smtp, user.email), 1)
    const allowance = await app.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', `login-confirmation-mails:${user.id}`)
      .executeTakeFirstOrThrow()
    assert.ok(allowance.reset_at >= before + 5 * 60_000 && allowance.reset_at <= Date.now() + 5 * 60_000)

    // Five minutes on, the next attempt mails a new link, which voids the earlier one.
    await app.db
      .updateTable('rate_limits')
      .set({ reset_at: Date.now() - 1 })
      .where('key', '=', allowance.key)
      .execute()
    assert.equal(errorCode(await login(app, user, from(freshAddress()))), 'LOGIN_CONFIRMATION_REQUIRED')
    const second = await confirmationToken(smtp, user, 1)
    assert.notEqual(second, first)
    const withFirst = await login(app, user, from(freshAddress(), { login_token: first }))
    assert.equal(errorCode(withFirst), 'LOGIN_CONFIRMATION_REQUIRED', 'the newer mail voids the older link')
    assert.equal((await login(app, user, from(freshAddress(), { login_token: second }))).statusCode, 201)
  })

  it('two-factor sign-in still applies with the token, which only the successful login spends', async (t) => {
    const env = { ...BASE_ENV, LOGIN_FAILURE_LIMIT: '2/15m', LOGIN_FAILURE_EMAIL_LIMIT: '2/1h' }
    const { app, smtp } = await buildMailingApp(t, env)
    const user = await registerAndLogin(app)
    const enrolled = await app.inject({
      method: 'POST',
      url: '/v1/me/totp',
      headers: user.auth,
      payload: { password: user.password },
    })
    const { secret } = json<{ data: { secret: string } }>(enrolled).data
    const turnedOn = await app.inject({
      method: 'POST',
      url: '/v1/me/totp/confirm',
      headers: user.auth,
      payload: { code: totpCode(secret) },
    })
    assert.equal(turnedOn.statusCode, 200, turnedOn.body)
    await guess(app, user.email, ['203.0.113.1', '203.0.113.2'], 1)

    assert.equal(errorCode(await login(app, user, from(freshAddress()))), 'LOGIN_CONFIRMATION_REQUIRED')
    const token = await confirmationToken(smtp, user)
    const needsCode = await login(app, user, from(freshAddress(), { login_token: token }))
    assert.equal(errorCode(needsCode), 'TOTP_REQUIRED')
    assert.equal((await confirmationRows(app.db, user)).length, 1)
    const withCode = await login(
      app,
      user,
      from(freshAddress(), {
        login_token: token,
        totp_code: totpCode(secret, Date.now() + STEP_MS),
      }),
    )
    assert.equal(withCode.statusCode, 201, withCode.body)
    assert.equal((await confirmationRows(app.db, user)).length, 0)
  })

  it('a password reset clears the account’s failure counts, every address’s; the owner logs in plainly', async (t) => {
    const env = { ...BASE_ENV, LOGIN_FAILURE_LIMIT: '2/15m', LOGIN_FAILURE_EMAIL_LIMIT: '4/1h' }
    const { app, smtp } = await buildMailingApp(t, env)
    const user = await registerAndLogin(app)
    const bystander = await registerAndLogin(app)
    const spread = ['203.0.113.1', '203.0.113.2', '2001:db8:9::1']
    await guess(app, user.email, spread, 3)
    await guess(app, bystander.email, spread, 1)
    assert.equal(await failureCounters(app.db, user.email), 4, 'three pairs and the account')

    const asked = await app.inject({
      method: 'POST',
      url: '/v1/password-resets',
      payload: { email: user.email },
    })
    assert.equal(asked.statusCode, 202)
    const mail = await smtp.waitForMail((m) => m.to.includes(user.email) && /password/i.test(m.subject))
    const newPassword = strongPassword()
    const reset = await app.inject({
      method: 'POST',
      url: '/v1/password-resets/confirm',
      payload: { token: tokenFromMail(mail), new_password: newPassword },
    })
    assert.equal(reset.statusCode, 204, reset.body)
    assert.equal(await failureCounters(app.db, user.email), 0)
    assert.equal(await failureCounters(app.db, bystander.email), 4, 'another account’s counts stay')

    const plain = await login(app, { email: user.email, password: newPassword }, from('203.0.113.1'))
    assert.equal(plain.statusCode, 201, plain.body)
  })
})

/** A second connection to the app's database whose log captures the statements sent through it. */
function capturingDb(
  config: Readonly<Config>,
  captured: Array<{ sql: string; parameters: readonly unknown[] }>,
): Db {
  const log = (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters })
  }
  if (config.database.kind === 'sqlite') {
    return new Kysely<Tables>({
      dialect: new SqliteDialect({ database: new SQLite(config.database.path) }),
      log,
    })
  }
  // The app's clean-up drops the database, ending this pool's connection if the test failed first.
  const pool = new pg.Pool({ connectionString: config.database.url, max: 1 })
  pool.on('error', () => undefined)
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log })
}

describe('forgetting an account’s counts', () => {
  it('deletes exactly its keys through one range of the key index, never a scan of the table', async (t) => {
    const { app, config } = await buildTestApp(t)
    const email = 'owner@example.com'
    const prefix = emailKeyPrefix(email)
    const hex = (i: number) => createHash('sha256').update(String(i)).digest('hex')
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      key: i % 1000 === 0 ? `${prefix}:${hex(i)}` : `login-failures:${hex(i)}:${hex(-i)}`,
      count: 1,
      reset_at: Date.now() + 60_000,
    }))
    rows.push({ key: prefix, count: 1, reset_at: Date.now() + 60_000 })
    // Neighbours in byte order that share most of the prefix but are not the account's.
    rows.push({ key: `${prefix.slice(0, -1)}${prefix.endsWith('f') ? 'e' : 'f'}`, count: 1, reset_at: 0 })
    rows.push({ key: `login-failures:${hex(1)}`, count: 1, reset_at: 0 })
    for (let i = 0; i < rows.length; i += 500) {
      await app.db
        .insertInto('rate_limits')
        .values(rows.slice(i, i + 500))
        .execute()
    }

    const captured: Array<{ sql: string; parameters: readonly unknown[] }> = []
    const logged = capturingDb(config, captured)
    t.after(() => logged.destroy().catch(() => undefined))
    await forgetAllPasswordAttempts(logged, email)
    assert.equal(await failureCounters(app.db, email), 0)
    const left = await app.db
      .selectFrom('rate_limits')
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(Number(left.n), rows.length - 4, 'only the account’s four counters went')

    const [statement] = captured
    assert.ok(statement && captured.length === 1, 'one statement')
    if (config.database.kind === 'sqlite') {
      const sqlite = new SQLite(config.database.path)
      t.after(() => sqlite.close())
      const plan = sqlite
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .all(...(statement.parameters as unknown[])) as Array<{ detail: string }>
      const details = plan.map((row) => row.detail).join(' | ')
      assert.match(details, /SEARCH rate_limits USING (COVERING )?INDEX \S+ \(key>\? AND key<\?\)/, details)
    } else {
      const client = new pg.Client({ connectionString: config.database.url })
      client.on('error', () => undefined)
      await client.connect()
      t.after(() => client.end().catch(() => undefined))
      for (const when of ['no statistics', 'fresh statistics']) {
        if (when === 'fresh statistics') await client.query('analyze rate_limits')
        await client.query('begin')
        const { rows: planRows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: unknown }> }>(
          `explain (analyze, format json) ${statement.sql}`,
          [...statement.parameters],
        )
        await client.query('rollback')
        const plan = JSON.stringify(planRows[0]?.['QUERY PLAN'][0]?.Plan)
        assert.match(plan, /"Index Name":"rate_limits_pkey"/, `${when}: ${plan}`)
        assert.doesNotMatch(plan, /Seq Scan/, `${when}: ${plan}`)
      }
    }
  })

  it(
    'on a PostgreSQL database with a language’s collation too (ICU en-US sorts ":" before "9")',
    { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
    async (t) => {
      const name = `quire_test_icu_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
      await admin.connect()
      await admin.query(
        `create database ${name} template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'`,
      )
      await admin.end()
      t.after(async () => {
        const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
        await dropper.connect()
        await dropper.query(`drop database if exists ${name} with (force)`)
        await dropper.end()
      })
      const url = new URL(POSTGRES_ADMIN_URL)
      url.pathname = `/${name}`
      const { app } = await buildTestApp(t, {}, { engine: 'postgres', database: url.toString() })
      // An email whose key ends in "9": the range's end then ends in ":", which this collation sorts
      // before "9", so a range compared in it would hold nothing.
      let n = 0
      while (!emailKeyPrefix(`owner${n}@example.com`).endsWith('9')) n++
      const email = `owner${n}@example.com`
      const prefix = emailKeyPrefix(email)
      await app.db
        .insertInto('rate_limits')
        .values([
          { key: prefix, count: 1, reset_at: Date.now() + 60_000 },
          { key: `${prefix}:${'0'.repeat(64)}`, count: 1, reset_at: Date.now() + 60_000 },
        ])
        .execute()
      await forgetAllPasswordAttempts(app.db, email)
      assert.equal(await failureCounters(app.db, email), 0)
    },
  )
})
