import assert from 'node:assert/strict'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/db/database.js'
import {
  buildTestApp,
  json,
  login,
  registerAndLogin,
  strongPassword,
  uniqueEmail,
  type TestUser,
} from '../helpers.js'
import { tokenFromMail, type TestSmtpServer } from '../mail-helpers.js'
import { APP_URL, buildMailingApp, waitForEmptyOutbox } from '../recovery-helpers.js'

interface ErrorResponse {
  error: { code: string; message: string; fields?: Record<string, string> }
}

async function requestReset(app: FastifyInstance, email: string) {
  return app.inject({ method: 'POST', url: '/v1/password-resets', payload: { email } })
}

/** Asks for a reset and returns the token from the mail that arrives. */
async function resetToken(app: FastifyInstance, smtp: TestSmtpServer, user: TestUser): Promise<string> {
  const before = smtp.mails.length
  const response = await requestReset(app, user.email)
  assert.equal(response.statusCode, 202)
  const mail = await smtp.waitForMail(
    (m) =>
      smtp.mails.indexOf(m) >= before && m.to.includes(user.email) && m.subject === 'Reset your password',
  )
  return tokenFromMail(mail)
}

function confirm(app: FastifyInstance, token: string, newPassword: string) {
  return app.inject({
    method: 'POST',
    url: '/v1/password-resets/confirm',
    payload: { token, new_password: newPassword },
  })
}

/**
 * Opens one emailed link of every kind but a reset on the account: the verification from registration,
 * an email change and the notice's link that cancels it. Answers their tokens by name.
 */
async function openEveryLink(
  app: FastifyInstance,
  smtp: TestSmtpServer,
  user: TestUser,
): Promise<Record<string, string>> {
  const verification = tokenFromMail(
    await smtp.waitForMail((m) => m.to.includes(user.email) && m.subject === 'Confirm your email address'),
  )
  const newEmail = uniqueEmail('moving')
  const asked = await app.inject({
    method: 'PUT',
    url: '/v1/me/email',
    headers: user.auth,
    payload: { new_email: newEmail, password: user.password },
  })
  assert.equal(asked.statusCode, 202)
  const change = tokenFromMail(
    await smtp.waitForMail((m) => m.to.includes(newEmail) && m.subject === 'Confirm your new email address'),
  )
  const cancel = tokenFromMail(
    await smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.subject === 'Your email address is being changed',
    ),
  )
  return { verification, change, cancel }
}

/** Every token answers 422 where it would be used, and the account has no emailed token left at all. */
async function assertLinksVoid(
  app: FastifyInstance,
  db: Db,
  user: TestUser,
  tokens: Record<string, string>,
): Promise<void> {
  for (const [kind, token] of Object.entries(tokens)) {
    const url = kind === 'cancel' ? '/v1/email-changes/cancel' : '/v1/email-verifications'
    const response =
      kind === 'reset'
        ? await confirm(app, token, strongPassword())
        : await app.inject({ method: 'POST', url, payload: { token } })
    assert.equal(response.statusCode, 422, `the ${kind} link is void`)
    assert.ok(json<ErrorResponse>(response).error.fields?.['token'])
  }
  const left = await db
    .selectFrom('account_tokens')
    .select('purpose')
    .where('user_id', '=', user.id)
    .execute()
  assert.deepEqual(left, [], 'no emailed token of any purpose is left')
}

describe('password reset: happy', () => {
  it('the whole flow from the mail’s link: new password works, every session is signed out', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const second = json<{ data: { token: string } }>(await login(app, user)).data.token

    const response = await requestReset(app, user.email)
    assert.equal(response.statusCode, 202)
    assert.deepEqual(json(response), { data: {} })
    const mail = await smtp.waitForMail((m) => m.subject === 'Reset your password')
    assert.deepEqual(mail.to, [user.email])
    assert.equal(mail.from, 'no-reply@quire.test')
    const link = /https:\/\/\S+/.exec(mail.text)?.[0] ?? ''
    assert.ok(link.startsWith(`${APP_URL}/reset-password#token=`), link)
    assert.ok(mail.html.includes(`href="${link}"`), 'the HTML body links the same URL')
    const token = tokenFromMail(mail)
    assert.match(token, /^[A-Za-z0-9_-]{43}$/, '32 random bytes in base64url')

    const newPassword = strongPassword()
    const confirmed = await confirm(app, token, newPassword)
    assert.equal(confirmed.statusCode, 204, confirmed.body)
    assert.equal(confirmed.body, '')

    for (const token of [user.token, second]) {
      const me = await app.inject({
        method: 'GET',
        url: '/v1/me',
        headers: { authorization: `Bearer ${token}` },
      })
      assert.equal(me.statusCode, 401, 'every session was revoked')
    }
    assert.equal((await login(app, user)).statusCode, 401, 'the old password is gone')
    const fresh = await login(app, { email: user.email, password: newPassword })
    assert.equal(fresh.statusCode, 201)
    const notice = await smtp.waitForMail((m) => m.subject === 'Your password was changed')
    assert.deepEqual(notice.to, [user.email])

    const me = await app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${json<{ data: { token: string } }>(fresh).data.token}` },
    })
    assert.equal(
      json<{ data: { email_verified: boolean } }>(me).data.email_verified,
      true,
      'the mail reached the address',
    )
  })

  it('an unknown email gets the same 202 and no mail is written or sent', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const known = await registerAndLogin(app)
    await smtp.waitForMail((m) => m.subject === 'Confirm your email address')
    const sentBefore = smtp.mails.length
    const unknown = await requestReset(app, uniqueEmail('nobody'))
    const knownAnswer = await requestReset(app, known.email)
    assert.equal(unknown.statusCode, knownAnswer.statusCode)
    assert.equal(unknown.body, knownAnswer.body)
    await smtp.waitForMail((m) => m.subject === 'Reset your password')
    await waitForEmptyOutbox(db)
    await delay(200)
    assert.equal(smtp.mails.length, sentBefore + 1, 'only the known account got a mail')
    const tokens = await db
      .selectFrom('account_tokens')
      .select('user_id')
      .where('purpose', '=', 'password_reset')
      .execute()
    assert.deepEqual(
      tokens.map((row) => row.user_id),
      [known.id],
    )
  })

  it('the email is matched case-insensitively', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    assert.equal((await requestReset(app, `  ${user.email.toUpperCase()} `)).statusCode, 202)
    const mail = await smtp.waitForMail((m) => m.subject === 'Reset your password')
    assert.deepEqual(mail.to, [user.email])
  })
})

describe('password reset: errors', () => {
  it('a token works once: reused it answers 422 fields.token', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const token = await resetToken(app, smtp, user)
    assert.equal((await confirm(app, token, strongPassword())).statusCode, 204)
    const again = await confirm(app, token, strongPassword())
    assert.equal(again.statusCode, 422)
    assert.ok(json<ErrorResponse>(again).error.fields?.['token'])
  })

  it('an expired token answers 422 and changes nothing', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const token = await resetToken(app, smtp, user)
    await db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute()
    const response = await confirm(app, token, strongPassword())
    assert.equal(response.statusCode, 422)
    assert.equal(json<ErrorResponse>(response).error.code, 'FIELDS_VALIDATION_ERROR')
    assert.ok(json<ErrorResponse>(response).error.fields?.['token'])
    assert.equal((await login(app, user)).statusCode, 201, 'the password is unchanged')
  })

  it('RESET_TOKEN_LIFE sets the expiry', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t, { RESET_TOKEN_LIFE: '10m' })
    const user = await registerAndLogin(app)
    const before = Date.now()
    await resetToken(app, smtp, user)
    const row = await db
      .selectFrom('account_tokens')
      .selectAll()
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow()
    assert.ok(row.expires_at >= before + 10 * 60_000 && row.expires_at <= Date.now() + 10 * 60_000)
  })

  it('a newer reset mail voids the older link', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const older = await resetToken(app, smtp, user)
    const newer = await resetToken(app, smtp, user)
    assert.notEqual(older, newer)
    assert.equal((await confirm(app, older, strongPassword())).statusCode, 422)
    assert.equal((await confirm(app, newer, strongPassword())).statusCode, 204)
  })

  it('a password change voids every open emailed link of the account', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const links = await openEveryLink(app, smtp, user)
    const reset = await resetToken(app, smtp, user)
    const changed = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: strongPassword() },
    })
    assert.equal(changed.statusCode, 200)
    await assertLinksVoid(app, db, user, { ...links, reset })
  })

  it('a password reset voids every other open emailed link of the account', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const links = await openEveryLink(app, smtp, user)
    assert.equal((await confirm(app, await resetToken(app, smtp, user), strongPassword())).statusCode, 204)
    await assertLinksVoid(app, db, user, links)
  })

  it('a weak new password answers 422 fields.new_password and the token stays usable', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const token = await resetToken(app, smtp, user)
    const weak = await confirm(app, token, 'password123')
    assert.equal(weak.statusCode, 422)
    assert.deepEqual(Object.keys(json<ErrorResponse>(weak).error.fields ?? {}), ['new_password'])
    const mine = await confirm(app, token, user.email)
    assert.equal(mine.statusCode, 422, 'the email is refused as a password')
    assert.equal((await confirm(app, token, strongPassword())).statusCode, 204)
  })

  it('malformed tokens and bodies answer 422 or 400, never 500', async (t) => {
    const { app } = await buildMailingApp(t)
    for (const token of ['', 'short', 'x'.repeat(43) + '!', 'a'.repeat(200)]) {
      const response = await confirm(app, token, strongPassword())
      assert.equal(response.statusCode, 422, token)
      assert.ok(json<ErrorResponse>(response).error.fields?.['token'])
    }
    const tooLong = await confirm(app, 'a'.repeat(201), strongPassword())
    assert.equal(tooLong.statusCode, 422)
    const missing = await app.inject({
      method: 'POST',
      url: '/v1/password-resets/confirm',
      payload: { token: 'x' },
    })
    assert.equal(missing.statusCode, 400)
    const wrongType = await app.inject({ method: 'POST', url: '/v1/password-resets', payload: { email: 42 } })
    assert.equal(wrongType.statusCode, 400)
    const invalid = await requestReset(app, 'not an email')
    assert.equal(invalid.statusCode, 422)
    assert.ok(json<ErrorResponse>(invalid).error.fields?.['email'])
    const extra = await app.inject({
      method: 'POST',
      url: '/v1/password-resets',
      payload: { email: uniqueEmail(), admin: true },
    })
    assert.equal(extra.statusCode, 422)
  })

  it('of two confirmations with one token sent at once, exactly one wins', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const token = await resetToken(app, smtp, user)
    const [first, second] = await Promise.all([
      confirm(app, token, strongPassword()),
      confirm(app, token, strongPassword()),
    ])
    assert.deepEqual([first.statusCode, second.statusCode].sort(), [204, 422])
  })
})

describe('password reset: security', () => {
  it('requests are limited per email (known or not): 429 with Retry-After', async (t) => {
    const { app } = await buildMailingApp(t, { PASSWORD_RESET_LIMIT: '2/1h' })
    const user = await registerAndLogin(app)
    for (const email of [user.email, uniqueEmail('nobody')]) {
      assert.equal((await requestReset(app, email)).statusCode, 202)
      assert.equal((await requestReset(app, email)).statusCode, 202)
      const limited = await requestReset(app, email.toUpperCase())
      assert.equal(limited.statusCode, 429, 'the third request within the hour is refused')
      assert.equal(json<ErrorResponse>(limited).error.code, 'RATE_LIMITED')
      const retryAfter = Number(limited.headers['retry-after'])
      assert.ok(retryAfter > 3500 && retryAfter <= 3600, String(retryAfter))
    }
    assert.equal(
      (await requestReset(app, uniqueEmail('other'))).statusCode,
      202,
      'other emails are not affected',
    )
  })

  it('requests share the per-address limit of login and registration', async (t) => {
    const { app } = await buildMailingApp(t, { AUTH_IP_LIMIT: '3/1m' })
    for (let i = 0; i < 3; i++) assert.equal((await requestReset(app, uniqueEmail())).statusCode, 202)
    assert.equal((await requestReset(app, uniqueEmail())).statusCode, 429)
    assert.equal((await confirm(app, 'x'.repeat(43), strongPassword())).statusCode, 429)
  })

  it('neither the token nor the new password is stored or logged in clear', async (t) => {
    const { app, db, smtp, logText } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const response = await requestReset(app, user.email)
    assert.equal(response.statusCode, 202)
    const mail = await smtp.waitForMail((m) => m.subject === 'Reset your password')
    const token = tokenFromMail(mail)
    const stored = await db.selectFrom('account_tokens').selectAll().execute()
    assert.ok(!JSON.stringify(stored).includes(token))
    const newPassword = strongPassword()
    assert.equal((await confirm(app, token, newPassword)).statusCode, 204)
    assert.ok(!logText().includes(token), 'the token never reaches the log')
    assert.ok(!logText().includes(newPassword))
  })

  it('unknown and known emails answer in similar time (no enumeration by timing)', async (t) => {
    // Mail goes to the log here: an SMTP server in this process would still be busy with a known
    // email's mail while the next request is timed.
    const { app, db } = await buildTestApp(
      t,
      { PASSWORD_RESET_LIMIT: '1000/1h', AUTH_IP_LIMIT: '1000/1m', LOG_LEVEL: 'warn' },
      { mailSender: { pollIntervalMs: 100 } },
    )
    const users = await Promise.all(Array.from({ length: 4 }, () => registerAndLogin(app)))
    const ghosts = Array.from({ length: 4 }, () => ({ email: uniqueEmail('ghost') }))
    const timings = { known: [] as number[], unknown: [] as number[] }
    const rounds = 30
    for (let i = 0; i < rounds; i++) {
      for (const kind of i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        // Both kinds cycle through four addresses, so their rate-limit counters take the same path.
        const email = (kind === 'known' ? users : ghosts)[i % 4]?.email ?? ''
        // Measure the request alone, not the background sender still busy with the previous one.
        await waitForEmptyOutbox(db)
        await delay(5)
        const started = process.hrtime.bigint()
        const response = await requestReset(app, email)
        timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6)
        assert.equal(response.statusCode, 202)
      }
    }
    // The lower quartile: what the work itself costs, robust against a busy machine's pauses.
    const quartile = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)] ?? 0
    const ratio = quartile(timings.known) / quartile(timings.unknown)
    t.diagnostic(
      `lower quartile known ${quartile(timings.known).toFixed(2)} ms, unknown ${quartile(timings.unknown).toFixed(2)} ms, ratio ${ratio.toFixed(2)}`,
    )
    assert.ok(ratio > 0.67 && ratio < 1.5, `known/unknown ratio ${ratio.toFixed(2)} is within 0.67–1.5`)
  })
})
