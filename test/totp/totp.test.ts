import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { Db } from '../../src/db/database.js'
import { up as repairTotpEnabled } from '../../src/db/migrations/2026-11-26-01-totp-enabled-repair.js'
import { json, login, me, registerAndLogin, strongPassword, type TestUser } from '../helpers.js'
import { tokenFromMail } from '../mail-helpers.js'
import { buildMailingApp, rfc6238, STEP_MS, totpCode } from '../recovery-helpers.js'

interface ErrorResponse {
  error: { code: string; message: string; fields?: Record<string, string> }
}
interface Enrolment {
  secret: string
  otpauth_url: string
  qr_svg: string
}

function enrol(app: FastifyInstance, user: TestUser, password = user.password) {
  return app.inject({ method: 'POST', url: '/v1/me/totp', headers: user.auth, payload: { password } })
}

function confirmCode(app: FastifyInstance, user: TestUser, code: string) {
  return app.inject({ method: 'POST', url: '/v1/me/totp/confirm', headers: user.auth, payload: { code } })
}

/** What the database holds about a user's two-factor sign-in. */
async function twoFactorState(
  db: Db,
  userId: string,
): Promise<{ enabled: boolean; confirmedSecret: boolean; recoveryCodes: number }> {
  const user = await db.selectFrom('users').select('totp_enabled').where('id', '=', userId).executeTakeFirst()
  const credentials = await db
    .selectFrom('totp_credentials')
    .select('secret')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const codes = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    enabled: user?.totp_enabled === 1,
    confirmedSecret: (credentials?.secret ?? null) !== null,
    recoveryCodes: codes?.count ?? 0,
  }
}

async function totpEnabled(app: FastifyInstance, user: TestUser): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
  return json<{ data: { totp_enabled: boolean } }>(response).data.totp_enabled
}

/** Turns two-factor sign-in on; returns the secret and the recovery codes. */
async function turnOn(
  app: FastifyInstance,
  user: TestUser,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolled = await enrol(app, user)
  assert.equal(enrolled.statusCode, 201, enrolled.body)
  const { secret } = json<{ data: Enrolment }>(enrolled).data
  const confirmed = await confirmCode(app, user, totpCode(secret))
  assert.equal(confirmed.statusCode, 200, confirmed.body)
  return {
    secret,
    recoveryCodes: json<{ data: { recovery_codes: string[] } }>(confirmed).data.recovery_codes,
  }
}

describe('two-factor sign-in: happy', () => {
  it('the test’s own RFC 6238 code generator matches the RFC’s test vectors', () => {
    const key = Buffer.from('12345678901234567890')
    assert.equal(rfc6238(key, 59_000, 8), '94287082')
    assert.equal(rfc6238(key, 1_111_111_109_000, 8), '07081804')
    assert.equal(rfc6238(key, 20_000_000_000_000, 8), '65353130')
  })

  it('enrol with the password, confirm with a code, then login needs a code', async (t) => {
    const { app, smtp } = await buildMailingApp(t, { TOTP_ISSUER: 'Acme Notes' })
    const user = await registerAndLogin(app)
    const enrolled = await enrol(app, user)
    assert.equal(enrolled.statusCode, 201)
    const enrolment = json<{ data: Enrolment }>(enrolled).data
    assert.match(enrolment.secret, /^[A-Z2-7]{32}$/, '160 bits in base32')
    const url = new URL(enrolment.otpauth_url)
    assert.equal(url.protocol, 'otpauth:')
    assert.equal(url.host, 'totp')
    assert.equal(decodeURIComponent(url.pathname), `/Acme Notes:${user.email}`)
    assert.equal(url.searchParams.get('secret'), enrolment.secret)
    assert.equal(url.searchParams.get('issuer'), 'Acme Notes')
    assert.equal(url.searchParams.get('algorithm'), 'SHA1')
    assert.equal(url.searchParams.get('digits'), '6')
    assert.equal(url.searchParams.get('period'), '30')
    assert.match(enrolment.qr_svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/)
    assert.equal(await totpEnabled(app, user), false, 'pending until confirmed')
    assert.equal((await login(app, user)).statusCode, 201, 'login needs no code yet')

    const confirmed = await confirmCode(app, user, totpCode(enrolment.secret))
    assert.equal(confirmed.statusCode, 200)
    const codes = json<{ data: { recovery_codes: string[] } }>(confirmed).data.recovery_codes
    assert.equal(codes.length, 10)
    assert.equal(new Set(codes).size, 10)
    for (const code of codes) assert.match(code, /^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/)
    assert.equal(await totpEnabled(app, user), true)
    await smtp.waitForMail((m) => m.to.includes(user.email) && m.subject === 'Two-factor sign-in is on')

    const passwordOnly = await login(app, user)
    assert.equal(passwordOnly.statusCode, 401)
    assert.equal(json<ErrorResponse>(passwordOnly).error.code, 'TOTP_REQUIRED')
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: 'not the password, clearly' },
    })
    assert.equal(wrongPassword.statusCode, 401)
    assert.equal(
      json<ErrorResponse>(wrongPassword).error.code,
      'UNAUTHENTICATED',
      'TOTP_REQUIRED only after a correct password',
    )

    const withCode = await login(app, user, {
      body: { totp_code: totpCode(enrolment.secret, Date.now() + STEP_MS) },
    })
    assert.equal(withCode.statusCode, 201, withCode.body)
  })

  it('a recovery code signs in once; case, spaces and dashes do not matter', async (t) => {
    const { app } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { recoveryCodes } = await turnOn(app, user)
    const [first = '', second = ''] = recoveryCodes
    assert.equal((await login(app, user, { body: { recovery_code: first } })).statusCode, 201)
    const again = await login(app, user, { body: { recovery_code: first } })
    assert.equal(again.statusCode, 401, 'a recovery code works once ever')
    assert.equal(json<ErrorResponse>(again).error.code, 'UNAUTHENTICATED')
    const retyped = ` ${second.toUpperCase().replace(/-/g, ' ')} `
    assert.equal((await login(app, user, { body: { recovery_code: retyped } })).statusCode, 201)
  })

  it('turning it off needs the password; afterwards the password alone signs in', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    await turnOn(app, user)
    const wrong = await app.inject({
      method: 'DELETE',
      url: '/v1/me/totp',
      headers: user.auth,
      payload: { password: 'definitely not it' },
    })
    assert.equal(wrong.statusCode, 403)
    assert.equal(json<ErrorResponse>(wrong).error.code, 'FORBIDDEN')
    const off = await app.inject({
      method: 'DELETE',
      url: '/v1/me/totp',
      headers: user.auth,
      payload: { password: user.password },
    })
    assert.equal(off.statusCode, 204)
    assert.equal(await totpEnabled(app, user), false)
    assert.equal((await login(app, user)).statusCode, 201)
    await smtp.waitForMail((m) => m.to.includes(user.email) && m.subject === 'Two-factor sign-in is off')
  })

  it('a password reset leaves two-factor sign-in on', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { secret } = await turnOn(app, user)
    await app.inject({ method: 'POST', url: '/v1/password-resets', payload: { email: user.email } })
    const token = tokenFromMail(await smtp.waitForMail((m) => m.subject === 'Reset your password'))
    const password = strongPassword()
    const reset = await app.inject({
      method: 'POST',
      url: '/v1/password-resets/confirm',
      payload: { token, new_password: password },
    })
    assert.equal(reset.statusCode, 204)
    const renewed = { ...user, password }
    assert.equal(json<ErrorResponse>(await login(app, renewed)).error.code, 'TOTP_REQUIRED')
    const next = totpCode(secret, Date.now() + STEP_MS)
    assert.equal((await login(app, renewed, { body: { totp_code: next } })).statusCode, 201)
  })
})

describe('two-factor sign-in: errors', () => {
  it('enrolment and confirmation refuse what does not fit', async (t) => {
    const { app } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const wrongPassword = await enrol(app, user, 'definitely not it')
    assert.equal(wrongPassword.statusCode, 403)
    const nothingPending = await confirmCode(app, user, '123456')
    assert.equal(nothingPending.statusCode, 409)

    const first = json<{ data: Enrolment }>(await enrol(app, user)).data.secret
    const second = json<{ data: Enrolment }>(await enrol(app, user)).data.secret
    assert.notEqual(first, second)
    const stale = await confirmCode(app, user, totpCode(first))
    assert.equal(stale.statusCode, 422, 'a new enrolment replaces the pending one')
    assert.ok(json<ErrorResponse>(stale).error.fields?.['code'])
    for (const code of ['', 'abcdef', '12345', '1234567']) {
      assert.equal((await confirmCode(app, user, code)).statusCode, 422, code)
    }
    assert.equal((await confirmCode(app, user, totpCode(second))).statusCode, 200)
    assert.equal((await enrol(app, user)).statusCode, 409, 'already on: turn it off first')
    assert.equal((await confirmCode(app, user, totpCode(second))).statusCode, 409)

    const missing = await app.inject({ method: 'POST', url: '/v1/me/totp', headers: user.auth, payload: {} })
    assert.equal(missing.statusCode, 400)
    const anonymous = await app.inject({ method: 'POST', url: '/v1/me/totp', payload: { password: 'x' } })
    assert.equal(anonymous.statusCode, 401)
  })

  it('a code is accepted once: replaying it, even in its window, is refused', async (t) => {
    const { app } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { secret } = await turnOn(app, user)
    const confirmingCode = totpCode(secret)
    assert.equal(
      (await login(app, user, { body: { totp_code: confirmingCode } })).statusCode,
      401,
      'the confirming code is spent',
    )
    const next = totpCode(secret, Date.now() + STEP_MS)
    const [a, b] = await Promise.all([
      login(app, user, { body: { totp_code: next } }),
      login(app, user, { body: { totp_code: next } }),
    ])
    assert.deepEqual(
      [a.statusCode, b.statusCode].sort(),
      [201, 401],
      'two logins racing with one code: one wins',
    )
    assert.equal((await login(app, user, { body: { totp_code: next } })).statusCode, 401)
    const older = totpCode(secret, Date.now() - STEP_MS)
    assert.equal(
      (await login(app, user, { body: { totp_code: older } })).statusCode,
      401,
      'an earlier step is refused too',
    )
  })

  it('codes from outside the ±1 step window, and both proofs at once, are refused', async (t) => {
    const { app } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { secret, recoveryCodes } = await turnOn(app, user)
    const farFuture = totpCode(secret, Date.now() + 3 * STEP_MS)
    assert.equal((await login(app, user, { body: { totp_code: farFuture } })).statusCode, 401)
    const both = await login(app, user, {
      body: {
        totp_code: totpCode(secret),
        recovery_code: recoveryCodes[0] ?? '',
      },
    })
    assert.equal(both.statusCode, 400)
    const tooLong = await login(app, user, { body: { recovery_code: 'x'.repeat(101) } })
    assert.equal(tooLong.statusCode, 422)
  })
})

describe('two-factor sign-in: security', () => {
  it('wrong codes count as failed logins: the account limit then answers 429', async (t) => {
    const { app, logs } = await buildMailingApp(t, { LOGIN_FAILURE_LIMIT: '3/15m' })
    const user = await registerAndLogin(app)
    const { secret } = await turnOn(app, user)
    for (let i = 0; i < 3; i++) {
      const wrong = await login(app, user, {
        body: { totp_code: '000000' === totpCode(secret) ? '111111' : '000000' },
      })
      assert.equal(wrong.statusCode, 401)
    }
    const limited = await login(app, user, { body: { totp_code: totpCode(secret, Date.now() + STEP_MS) } })
    assert.equal(limited.statusCode, 429, 'even the right code waits out the limit')
    assert.ok(Number(limited.headers['retry-after']) > 0)
    const events = logs().map((line) => line['event'])
    assert.equal(
      logs().filter((line) => line['event'] === 'auth.login.failed' && line['reason'] === 'second factor')
        .length,
      3,
      'each refused code is a security event',
    )
    assert.ok(events.includes('totp.enabled'))
  })

  it('confirming and turning off at the same moment never leave it on without a secret', async (t) => {
    const { app, db } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    for (let round = 0; round < 20; round++) {
      const enrolled = await enrol(app, user)
      assert.equal(enrolled.statusCode, 201, enrolled.body)
      const { secret } = json<{ data: Enrolment }>(enrolled).data
      const [confirmed, removed] = await Promise.all([
        confirmCode(app, user, totpCode(secret)),
        app.inject({
          method: 'DELETE',
          url: '/v1/me/totp',
          headers: user.auth,
          payload: { password: user.password },
        }),
      ])
      assert.ok([200, 409].includes(confirmed.statusCode), confirmed.body)
      assert.equal(removed.statusCode, 204, removed.body)
      const state = await twoFactorState(db, user.id)
      assert.equal(state.enabled, state.confirmedSecret, `round ${round}: on exactly with a secret`)
      assert.equal(state.recoveryCodes, state.enabled ? 10 : 0, `round ${round}: recovery codes`)
      const proof: Record<string, string> = state.enabled
        ? { totp_code: totpCode(secret, Date.now() + STEP_MS) }
        : {}
      const again = await login(app, user, { body: proof })
      assert.equal(again.statusCode, 201, `round ${round}: the account can still sign in: ${again.body}`)
      if (state.enabled) {
        const off = await app.inject({
          method: 'DELETE',
          url: '/v1/me/totp',
          headers: user.auth,
          payload: { password: user.password },
        })
        assert.equal(off.statusCode, 204)
      }
    }
  })

  it('an account left on without a secret is repaired by the migration and signs in again', async (t) => {
    const { app, db } = await buildMailingApp(t)
    const broken = await registerAndLogin(app)
    const sound = await registerAndLogin(app)
    await turnOn(app, sound)
    // The state the race between a confirmation and a removal could leave behind.
    await db.updateTable('users').set({ totp_enabled: 1 }).where('id', '=', broken.id).execute()
    assert.equal(json<ErrorResponse>(await login(app, broken)).error.code, 'TOTP_REQUIRED')
    await repairTotpEnabled(db as unknown as Kysely<unknown>)
    assert.equal(await totpEnabled(app, broken), false)
    assert.equal((await login(app, broken)).statusCode, 201)
    const kept = await twoFactorState(db, sound.id)
    assert.deepEqual(
      kept,
      { enabled: true, confirmedSecret: true, recoveryCodes: 10 },
      'a sound account is kept',
    )
  })

  it('turning it on signs out every other session of the account, not the caller’s', async (t) => {
    const { app, logs } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const other = json<{ data: { token: string } }>(await login(app, user)).data.token
    const third = json<{ data: { token: string } }>(await login(app, user)).data.token
    assert.equal((await me(app, other)).statusCode, 200)
    const enrolled = await enrol(app, user)
    assert.equal((await me(app, other)).statusCode, 200, 'a pending enrolment signs nobody out')
    const { secret } = json<{ data: Enrolment }>(enrolled).data
    assert.equal((await confirmCode(app, user, totpCode(secret))).statusCode, 200)
    assert.equal((await me(app, other)).statusCode, 401)
    assert.equal((await me(app, third)).statusCode, 401)
    assert.equal((await me(app, user.token)).statusCode, 200, 'the caller stays signed in')
    const revoked = logs().find((line) => line['event'] === 'session.revoked')
    assert.equal(revoked?.['user_id'], user.id)
    assert.equal(revoked['others'], 2)
  })

  it('the secret and the recovery codes are stored encrypted or hashed, and never logged', async (t) => {
    const { app, db, logText } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { secret, recoveryCodes } = await turnOn(app, user)
    await login(app, user, { body: { recovery_code: recoveryCodes[0] ?? '' } })
    const dump: string[] = []
    for (const table of ['users', 'totp_credentials', 'recovery_codes', 'mail_outbox', 'sessions'] as const) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
      dump.push(JSON.stringify(rows.rows))
    }
    const everything = dump.join('\n')
    assert.ok(!everything.includes(secret), 'the TOTP secret is encrypted at rest')
    for (const code of recoveryCodes) {
      assert.ok(
        !everything.includes(code) && !everything.includes(code.replace(/-/g, '')),
        'recovery codes are hashed',
      )
      assert.ok(!logText().includes(code))
    }
    assert.ok(!logText().includes(secret), 'the secret never reaches the log')
    const me = await app.inject({ method: 'GET', url: '/v1/me?include=sessions', headers: user.auth })
    assert.ok(!me.body.includes(secret))
  })
})
