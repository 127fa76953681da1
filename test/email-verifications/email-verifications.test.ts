import assert from 'node:assert/strict'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/db/database.js'
import { json, me, registerAndLogin, strongPassword, uniqueEmail, type TestUser } from '../helpers.js'
import { tokenFromMail, type ReceivedMail, type TestSmtpServer } from '../mail-helpers.js'
import { APP_URL, buildMailingApp, changeEmail, waitForEmptyOutbox } from '../recovery-helpers.js'

interface ErrorResponse {
  error: { code: string; message: string; fields?: Record<string, string> }
}
interface Me {
  email: string
  email_verified: boolean
}

const VERIFY_SUBJECT = 'Confirm your email address'
const CHANGE_SUBJECT = 'Confirm your new email address'
const CHANGE_NOTICE_SUBJECT = 'Your email address is being changed'
const RESET_SUBJECT = 'Reset your password'

function mailTo(smtp: TestSmtpServer, email: string, subject: string, after = 0): Promise<ReceivedMail> {
  return smtp.waitForMail(
    (m) => smtp.mails.indexOf(m) >= after && m.to.includes(email) && m.subject === subject,
  )
}

function verify(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/v1/email-verifications', payload: { token } })
}

/** The account as `GET /v1/me` shows it. */
async function profile(app: FastifyInstance, user: TestUser): Promise<Me> {
  const response = await me(app, user)
  assert.equal(response.statusCode, 200)
  return json<{ data: Me }>(response).data
}

function cancelChange(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/v1/email-changes/cancel', payload: { token } })
}

/** Asks for a change to a new address; answers its confirmation token and the notice's cancel token. */
async function pendingChange(app: FastifyInstance, smtp: TestSmtpServer, user: TestUser) {
  const after = smtp.mails.length
  const newEmail = uniqueEmail('moving')
  const asked = await changeEmail(app, user, newEmail)
  assert.equal(asked.statusCode, 202, asked.body)
  const changeToken = tokenFromMail(await mailTo(smtp, newEmail, CHANGE_SUBJECT, after))
  const notice = await mailTo(smtp, user.email, CHANGE_NOTICE_SUBJECT, after)
  return { newEmail, changeToken, cancelToken: tokenFromMail(notice), notice }
}

/** The ID of the account with this email, if any. */
async function emailOwner(db: Db, email: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id
}

function register(app: FastifyInstance, email: string) {
  return app.inject({ method: 'POST', url: '/v1/register', payload: { email, password: strongPassword() } })
}

describe('email verification: happy', () => {
  it('registration mails a link; its token verifies the address once', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    assert.equal((await profile(app, user)).email_verified, false)
    const mail = await mailTo(smtp, user.email, VERIFY_SUBJECT)
    assert.ok(mail.text.includes(`${APP_URL}/verify-email#token=`), mail.text)
    const token = tokenFromMail(mail)
    const response = await verify(app, token)
    assert.equal(response.statusCode, 204, response.body)
    assert.equal((await profile(app, user)).email_verified, true)
    const again = await verify(app, token)
    assert.equal(again.statusCode, 422)
    assert.ok(json<ErrorResponse>(again).error.fields?.['token'])
  })

  it('a new verification mail voids the older link; once verified, asking again is a 409', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const first = tokenFromMail(await mailTo(smtp, user.email, VERIFY_SUBJECT))
    const before = smtp.mails.length
    const resend = await app.inject({ method: 'POST', url: '/v1/me/email-verification', headers: user.auth })
    assert.equal(resend.statusCode, 202)
    assert.deepEqual(json(resend), { data: {} })
    const second = tokenFromMail(await mailTo(smtp, user.email, VERIFY_SUBJECT, before))
    assert.notEqual(first, second)
    assert.equal((await verify(app, first)).statusCode, 422, 'the older link is void')
    assert.equal((await verify(app, second)).statusCode, 204)
    const done = await app.inject({ method: 'POST', url: '/v1/me/email-verification', headers: user.auth })
    assert.equal(done.statusCode, 409)
    assert.equal(json<ErrorResponse>(done).error.code, 'CONFLICT')
  })

  it('without REQUIRE_VERIFIED_EMAIL an unverified account logs in', async (t) => {
    const { app } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    assert.equal((await profile(app, user)).email_verified, false)
  })
})

describe('REQUIRE_VERIFIED_EMAIL', () => {
  it('an unverified account gets 403 EMAIL_NOT_VERIFIED after a correct password, and a fresh link', async (t) => {
    const { app, smtp } = await buildMailingApp(t, { REQUIRE_VERIFIED_EMAIL: 'true' })
    const email = uniqueEmail()
    const password = strongPassword()
    assert.equal(
      (await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })).statusCode,
      201,
    )
    const first = tokenFromMail(await mailTo(smtp, email, VERIFY_SUBJECT))
    const before = smtp.mails.length
    const wrong = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email, password: 'not the password at all' },
    })
    assert.equal(wrong.statusCode, 401, 'a wrong password never learns the verification state')
    const refused = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    assert.equal(refused.statusCode, 403)
    assert.equal(json<ErrorResponse>(refused).error.code, 'EMAIL_NOT_VERIFIED')
    const fresh = tokenFromMail(await mailTo(smtp, email, VERIFY_SUBJECT, before))
    assert.equal((await verify(app, first)).statusCode, 422, 'the fresh link voided the first')
    assert.equal((await verify(app, fresh)).statusCode, 204)
    const allowed = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    assert.equal(allowed.statusCode, 201)
  })

  it('a password reset proves the address too, so a lost verification mail never locks anyone out', async (t) => {
    const { app, smtp } = await buildMailingApp(t, { REQUIRE_VERIFIED_EMAIL: 'true' })
    const email = uniqueEmail()
    await register(app, email)
    await app.inject({ method: 'POST', url: '/v1/password-resets', payload: { email } })
    const token = tokenFromMail(await mailTo(smtp, email, 'Reset your password'))
    const password = strongPassword()
    const reset = await app.inject({
      method: 'POST',
      url: '/v1/password-resets/confirm',
      payload: { token, new_password: password },
    })
    assert.equal(reset.statusCode, 204)
    const login = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    assert.equal(login.statusCode, 201)
  })
})

describe('email verification: errors', () => {
  it('an expired or malformed token answers 422 fields.token', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const token = tokenFromMail(await mailTo(smtp, user.email, VERIFY_SUBJECT))
    await db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute()
    for (const candidate of [token, 'nope', 'A'.repeat(43)]) {
      const response = await verify(app, candidate)
      assert.equal(response.statusCode, 422, candidate)
      assert.ok(json<ErrorResponse>(response).error.fields?.['token'])
    }
    assert.equal((await profile(app, user)).email_verified, false)
    const missing = await app.inject({ method: 'POST', url: '/v1/email-verifications', payload: {} })
    assert.equal(missing.statusCode, 400)
  })

  it('a password-reset token is not a verification token', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    await app.inject({ method: 'POST', url: '/v1/password-resets', payload: { email: user.email } })
    const reset = tokenFromMail(await mailTo(smtp, user.email, 'Reset your password'))
    assert.equal((await verify(app, reset)).statusCode, 422)
  })

  it('asking for verification mails is limited per account: 429 with Retry-After', async (t) => {
    const { app } = await buildMailingApp(t, { VERIFICATION_MAIL_LIMIT: '2/1h' })
    const user = await registerAndLogin(app)
    const ask = () => app.inject({ method: 'POST', url: '/v1/me/email-verification', headers: user.auth })
    assert.equal((await ask()).statusCode, 202)
    assert.equal((await ask()).statusCode, 202)
    const limited = await ask()
    assert.equal(limited.statusCode, 429)
    assert.ok(Number(limited.headers['retry-after']) > 0)
    const other = await registerAndLogin(app)
    assert.equal(
      (await app.inject({ method: 'POST', url: '/v1/me/email-verification', headers: other.auth }))
        .statusCode,
      202,
    )
    const anonymous = await app.inject({ method: 'POST', url: '/v1/me/email-verification' })
    assert.equal(anonymous.statusCode, 401)
  })
})

describe('email change', () => {
  it('confirms through the new address, tells the old one, and moves the account', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const oldToken = tokenFromMail(await mailTo(smtp, user.email, VERIFY_SUBJECT))
    const newEmail = uniqueEmail('moved')
    const response = await changeEmail(app, user, newEmail.toUpperCase())
    assert.equal(response.statusCode, 202, response.body)
    assert.deepEqual(json(response), { data: {} })

    const notice = await mailTo(smtp, user.email, CHANGE_NOTICE_SUBJECT)
    assert.ok(notice.text.includes(newEmail), 'the notice names the new address')
    assert.deepEqual(
      notice.text.match(/https:\/\/\S+#token=/g),
      [`${APP_URL}/cancel-email-change#token=`],
      'the old address gets a cancel link and nothing else',
    )
    const confirmation = await mailTo(smtp, newEmail, CHANGE_SUBJECT)
    assert.equal((await profile(app, user)).email, user.email, 'nothing changes before confirmation')

    assert.equal((await verify(app, tokenFromMail(confirmation))).statusCode, 204)
    assert.deepEqual(await profile(app, user), {
      ...(await profile(app, user)),
      email: newEmail,
      email_verified: true,
    })
    assert.equal((await verify(app, oldToken)).statusCode, 422, 'links mailed to the old address are void')

    const oldLogin = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: user.password },
    })
    assert.equal(oldLogin.statusCode, 401)
    const newLogin = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: newEmail, password: user.password },
    })
    assert.equal(newLogin.statusCode, 201)
    assert.equal((await register(app, user.email)).statusCode, 201, 'the old address is free again')
  })

  it('a wrong password is 403, a taken address 409, a bad one 422, and none of them mails', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app, 'other')
    await mailTo(smtp, user.email, VERIFY_SUBJECT)
    await mailTo(smtp, other.email, VERIFY_SUBJECT)
    const sent = smtp.mails.length

    const wrong = await changeEmail(app, user, uniqueEmail(), 'not the password at all')
    assert.equal(wrong.statusCode, 403)
    assert.equal(json<ErrorResponse>(wrong).error.code, 'FORBIDDEN')
    const taken = await changeEmail(app, user, other.email.toUpperCase())
    assert.equal(taken.statusCode, 409)
    assert.equal(json<ErrorResponse>(taken).error.code, 'EMAIL_ALREADY_EXISTS')
    for (const bad of ['nope', user.email]) {
      const invalid = await changeEmail(app, user, bad)
      assert.equal(invalid.statusCode, 422)
      assert.ok(json<ErrorResponse>(invalid).error.fields?.['new_email'])
    }
    const missing = await app.inject({
      method: 'PUT',
      url: '/v1/me/email',
      headers: user.auth,
      payload: { new_email: uniqueEmail() },
    })
    assert.equal(missing.statusCode, 400)
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/v1/me/email',
      payload: { new_email: uniqueEmail(), password: user.password },
    })
    assert.equal(anonymous.statusCode, 401)
    await delay(300)
    assert.equal(smtp.mails.length, sent, 'no mail went out')
  })

  it('registration first: the later confirmation answers 409 and the address keeps its owner', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const target = uniqueEmail('wanted')
    assert.equal((await changeEmail(app, user, target)).statusCode, 202)
    const token = tokenFromMail(await mailTo(smtp, target, CHANGE_SUBJECT))
    assert.equal((await register(app, target)).statusCode, 201)
    const late = await verify(app, token)
    assert.equal(late.statusCode, 409)
    assert.equal(json<ErrorResponse>(late).error.code, 'EMAIL_ALREADY_EXISTS')
    assert.equal((await profile(app, user)).email, user.email)
    const owners = await db.selectFrom('users').select('id').where('email', '=', target).execute()
    assert.equal(owners.length, 1)
  })

  it('confirmation first: the later registration answers 409', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const target = uniqueEmail('wanted')
    assert.equal((await changeEmail(app, user, target)).statusCode, 202)
    assert.equal(
      (await verify(app, tokenFromMail(await mailTo(smtp, target, CHANGE_SUBJECT)))).statusCode,
      204,
    )
    const late = await register(app, target)
    assert.equal(late.statusCode, 409)
    assert.equal(json<ErrorResponse>(late).error.code, 'EMAIL_ALREADY_EXISTS')
  })

  it('a confirmation racing a registration of the same address: one owner, one 409', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    for (let round = 0; round < 3; round++) {
      const user = await registerAndLogin(app)
      const target = uniqueEmail('raced')
      assert.equal((await changeEmail(app, user, target)).statusCode, 202)
      const token = tokenFromMail(await mailTo(smtp, target, CHANGE_SUBJECT))
      const [confirmed, registered] = await Promise.all([verify(app, token), register(app, target)])
      const statuses = [confirmed.statusCode, registered.statusCode]
      assert.ok(
        (statuses[0] === 204 && statuses[1] === 409) || (statuses[0] === 409 && statuses[1] === 201),
        `one wins, one gets 409: ${statuses.join(', ')}`,
      )
      const owners = await db.selectFrom('users').select('id').where('email', '=', target).execute()
      assert.equal(owners.length, 1)
      assert.equal(owners[0]?.id === user.id, confirmed.statusCode === 204)
    }
  })
})

describe('email change: cancel', () => {
  it('the notice’s cancel link voids the pending change: 204, then the change link answers 422', async (t) => {
    const { app, db, smtp, logs } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { newEmail, changeToken, cancelToken, notice } = await pendingChange(app, smtp, user)
    const link = `${APP_URL}/cancel-email-change#token=${cancelToken}`
    assert.ok(notice.text.includes(link), notice.text)
    assert.ok(notice.html.includes(`href="${link}"`), 'the HTML body links the same URL')
    assert.notEqual(cancelToken, changeToken)

    const cancelled = await cancelChange(app, cancelToken)
    assert.equal(cancelled.statusCode, 204, cancelled.body)
    assert.equal(cancelled.body, '')
    const late = await verify(app, changeToken)
    assert.equal(late.statusCode, 422, 'the change link is void')
    assert.ok(json<ErrorResponse>(late).error.fields?.['token'])
    assert.equal((await profile(app, user)).email, user.email)
    const again = await cancelChange(app, cancelToken)
    assert.equal(again.statusCode, 422, 'a cancel link works once')
    assert.ok(json<ErrorResponse>(again).error.fields?.['token'])
    const left = await db
      .selectFrom('account_tokens')
      .select('purpose')
      .where('user_id', '=', user.id)
      .execute()
    assert.deepEqual(
      left.map((row) => row.purpose),
      ['email_verification'],
      'only the change’s two tokens are gone',
    )
    const event = logs().find((line) => line['event'] === 'email.change_cancelled')
    assert.equal(event?.['user_id'], user.id)
    assert.equal(await emailOwner(db, newEmail), undefined)
  })

  it('a wrong, malformed or expired cancel token answers 422 fields.token and the change stays pending', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const verification = tokenFromMail(await mailTo(smtp, user.email, VERIFY_SUBJECT))
    const { newEmail, changeToken, cancelToken } = await pendingChange(app, smtp, user)
    await db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('purpose', '=', 'email_change_cancel')
      .execute()
    for (const candidate of [cancelToken, changeToken, verification, 'nope', 'A'.repeat(43), '']) {
      const response = await cancelChange(app, candidate)
      assert.equal(response.statusCode, 422, candidate)
      assert.equal(json<ErrorResponse>(response).error.code, 'FIELDS_VALIDATION_ERROR')
      assert.ok(json<ErrorResponse>(response).error.fields?.['token'])
    }
    const missing = await app.inject({ method: 'POST', url: '/v1/email-changes/cancel', payload: {} })
    assert.equal(missing.statusCode, 400)
    const wrongType = await app.inject({
      method: 'POST',
      url: '/v1/email-changes/cancel',
      payload: { token: 42 },
    })
    assert.equal(wrongType.statusCode, 400)
    assert.equal((await verify(app, changeToken)).statusCode, 204, 'the change itself was never touched')
    assert.equal((await profile(app, user)).email, newEmail)
  })

  it('cancel attempts share the per-address limit of login: 429', async (t) => {
    const { app } = await buildMailingApp(t, { AUTH_IP_LIMIT: '3/1m' })
    for (let i = 0; i < 3; i++) assert.equal((await cancelChange(app, 'A'.repeat(43))).statusCode, 422)
    const limited = await cancelChange(app, 'A'.repeat(43))
    assert.equal(limited.statusCode, 429)
    assert.equal(json<ErrorResponse>(limited).error.code, 'RATE_LIMITED')
  })

  it('a newer change request voids the older change and its cancel link', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const older = await pendingChange(app, smtp, user)
    const newer = await pendingChange(app, smtp, user)
    assert.equal((await cancelChange(app, older.cancelToken)).statusCode, 422)
    assert.equal((await verify(app, older.changeToken)).statusCode, 422)
    assert.equal((await cancelChange(app, newer.cancelToken)).statusCode, 204)
    assert.equal((await verify(app, newer.changeToken)).statusCode, 422)
    assert.equal((await profile(app, user)).email, user.email)
  })

  it('once the change applies, the old address is told where the account went and its cancel link is void', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { newEmail, changeToken, cancelToken } = await pendingChange(app, smtp, user)
    assert.equal((await verify(app, changeToken)).statusCode, 204)
    const told = await mailTo(smtp, user.email, 'Your email address was changed')
    assert.deepEqual(told.to, [user.email])
    assert.ok(told.text.includes(newEmail), 'the notice names the new address')
    assert.ok(/If this was not you/.test(told.text), 'and says what to do if the change was not the owner’s')
    assert.ok(!/#token=/.test(told.text), 'it carries no link')
    assert.equal(
      smtp.mails.filter(
        (mail) => mail.to.includes(newEmail) && mail.subject === 'Your email address was changed',
      ).length,
      0,
      'the new address is not told',
    )
    const late = await cancelChange(app, cancelToken)
    assert.equal(late.statusCode, 422)
    assert.ok(json<ErrorResponse>(late).error.fields?.['token'])
    assert.equal((await profile(app, user)).email, newEmail)
  })

  it('a cancel racing the confirmation: exactly one wins, and the account agrees with it', async (t) => {
    const { app, smtp } = await buildMailingApp(t)
    for (let round = 0; round < 3; round++) {
      const user = await registerAndLogin(app)
      const { newEmail, changeToken, cancelToken } = await pendingChange(app, smtp, user)
      const [confirmed, cancelled] = await Promise.all([
        verify(app, changeToken),
        cancelChange(app, cancelToken),
      ])
      assert.deepEqual(
        [confirmed.statusCode, cancelled.statusCode].sort(),
        [204, 422],
        `one wins: ${confirmed.statusCode}, ${cancelled.statusCode}`,
      )
      const email = confirmed.statusCode === 204 ? newEmail : user.email
      const login = await app.inject({
        method: 'POST',
        url: '/v1/sessions',
        payload: { email, password: user.password },
      })
      assert.equal(login.statusCode, 201, `the account is at ${email}`)
    }
  })
})

describe('email change: security', () => {
  /**
   * Someone who once had the password and a session asks to move the account to their own address;
   * the owner gets the notice. Answers the attacker's address and the confirmation link mailed there.
   */
  async function pendingTakeover(app: FastifyInstance, smtp: TestSmtpServer, user: TestUser) {
    const attackerEmail = uniqueEmail('attacker')
    assert.equal((await changeEmail(app, user, attackerEmail)).statusCode, 202)
    const changeToken = tokenFromMail(await mailTo(smtp, attackerEmail, CHANGE_SUBJECT))
    await mailTo(smtp, user.email, CHANGE_NOTICE_SUBJECT)
    return { attackerEmail, changeToken }
  }

  /** The Authorization header of a new session. */
  async function sessionAuth(app: FastifyInstance, email: string, password: string) {
    const login = await app.inject({ method: 'POST', url: '/v1/sessions', payload: { email, password } })
    assert.equal(login.statusCode, 201, login.body)
    return { authorization: `Bearer ${json<{ data: { token: string } }>(login).data.token}` }
  }

  /** The account's email, seen through a fresh login with its (new) password. */
  async function emailAfterLogin(app: FastifyInstance, email: string, password: string): Promise<string> {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: await sessionAuth(app, email, password),
    })
    assert.equal(response.statusCode, 200)
    return json<{ data: Me }>(response).data.email
  }

  /** A reset asked for through the attacker's address mails nothing and issues no token. */
  async function resetThroughAttackerSendsNothing(
    app: FastifyInstance,
    smtp: TestSmtpServer,
    db: Db,
    attackerEmail: string,
  ): Promise<void> {
    await waitForEmptyOutbox(db)
    const before = smtp.mails.length
    const asked = await app.inject({
      method: 'POST',
      url: '/v1/password-resets',
      payload: { email: attackerEmail },
    })
    assert.equal(asked.statusCode, 202)
    await waitForEmptyOutbox(db)
    assert.deepEqual(
      smtp.mails.slice(before).filter((mail) => mail.to.includes(attackerEmail)),
      [],
      'nothing is mailed to the attacker',
    )
    const tokens = await db
      .selectFrom('account_tokens')
      .select('purpose')
      .where('email', '=', attackerEmail)
      .execute()
    assert.deepEqual(tokens, [], 'no token is addressed to the attacker')
  }

  it('a password reset voids a pending email change: the old link answers 422 and the account stays', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    const user = await registerAndLogin(app)
    const { attackerEmail, changeToken } = await pendingTakeover(app, smtp, user)

    // The owner, warned by the notice, resets the password through their own address.
    await app.inject({ method: 'POST', url: '/v1/password-resets', payload: { email: user.email } })
    const resetToken = tokenFromMail(await mailTo(smtp, user.email, RESET_SUBJECT))
    const newPassword = strongPassword()
    const reset = await app.inject({
      method: 'POST',
      url: '/v1/password-resets/confirm',
      payload: { token: resetToken, new_password: newPassword },
    })
    assert.equal(reset.statusCode, 204, reset.body)

    const late = await verify(app, changeToken)
    assert.equal(late.statusCode, 422, 'the change link died with the reset')
    assert.ok(json<ErrorResponse>(late).error.fields?.['token'])
    assert.equal(await emailAfterLogin(app, user.email, newPassword), user.email)
    await resetThroughAttackerSendsNothing(app, smtp, db, attackerEmail)
  })

  it('a password change voids a pending email change: the old link answers 422 and the account stays', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t)
    // `user.auth` is the session the attacker holds; the owner signs in on their own.
    const user = await registerAndLogin(app)
    const { attackerEmail, changeToken } = await pendingTakeover(app, smtp, user)

    const ownerAuth = await sessionAuth(app, user.email, user.password)
    const newPassword = strongPassword()
    const changed = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: ownerAuth,
      payload: { current_password: user.password, new_password: newPassword },
    })
    assert.equal(changed.statusCode, 200, changed.body)
    const attackerSession = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
    assert.equal(attackerSession.statusCode, 401, 'the attacker’s session ended with the change')

    const late = await verify(app, changeToken)
    assert.equal(late.statusCode, 422, 'the change link died with the password change')
    assert.ok(json<ErrorResponse>(late).error.fields?.['token'])
    assert.equal(await emailAfterLogin(app, user.email, newPassword), user.email)
    await resetThroughAttackerSendsNothing(app, smtp, db, attackerEmail)
  })
})
