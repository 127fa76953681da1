import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { emailSha256, SECURITY_EVENTS } from '../src/security-events.js'
import { buildTestApp, json, registerAndLogin, strongPassword, TEST_ENGINE, uniqueEmail } from './helpers.js'
import { tokenFromMail } from './mail-helpers.js'
import { buildMailingApp, totpCode } from './recovery-helpers.js'
import { corpus, standIn } from './users/breach-stand-in.js'

// Security-relevant actions leave one structured log line each, naming the account but
// never a secret.

const skip = TEST_ENGINE === 'postgres' ? 'engine-independent; runs in the SQLite pass' : false

/** Every event name the tests below saw logged, to check that none of SECURITY_EVENTS goes untested. */
const seen = new Set<unknown>()

/** The log lines that carry an event, each checked to be one of SECURITY_EVENTS. */
function eventLines(logs: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const events = logs.filter((line) => line['event'] !== undefined)
  for (const line of events) {
    assert.ok((SECURITY_EVENTS as readonly unknown[]).includes(line['event']), String(line['event']))
    seen.add(line['event'])
  }
  return events
}

describe('security events', { skip }, () => {
  it('logins, lockouts, password changes, revocations, deletions and 403s each log their event', async (t) => {
    const { app, logs, logText } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '2/15m' })
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    const stranger = uniqueEmail('stranger')

    const wrong = { email: user.email, password: 'definitely wrong' }
    await app.inject({ method: 'POST', url: '/v1/sessions', payload: wrong })
    await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: stranger, password: 'x y z w' },
    })
    const newPassword = strongPassword()
    await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: newPassword },
    })
    for (let i = 0; i < 2; i++) await app.inject({ method: 'POST', url: '/v1/sessions', payload: wrong })
    const limited = await app.inject({ method: 'POST', url: '/v1/sessions', payload: wrong })
    assert.equal(limited.statusCode, 429)
    await app.inject({ method: 'DELETE', url: '/v1/sessions/others', headers: user.auth })
    const post = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: other.auth,
      payload: { title: 'Mine' },
    })
    const postId = json<{ data: { id: string } }>(post).data.id
    const forbidden = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${postId}`,
      headers: user.auth,
      payload: { title: 'Yours now' },
    })
    assert.equal(forbidden.statusCode, 403)
    await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: other.auth,
      payload: { password: other.password },
    })

    const events = eventLines(logs())
    const find = (event: string, match: Record<string, unknown>) =>
      events.find((line) => line['event'] === event && Object.entries(match).every(([k, v]) => line[k] === v))
    assert.ok(find('account.created', { user_id: user.id }))
    assert.ok(find('auth.login.succeeded', { user_id: user.id }))
    assert.ok(find('auth.login.failed', { user_id: user.id }))
    assert.ok(find('auth.login.failed', { email_sha256: emailSha256(stranger) }), 'unknown emails are hashed')
    assert.ok(find('password.changed', { user_id: user.id }))
    assert.ok(find('auth.lockout', { user_id: user.id }))
    assert.ok(find('session.revoked', { user_id: user.id }))
    assert.ok(find('access.forbidden', { user_id: user.id, method: 'PATCH' }))
    assert.ok(find('account.deleted', { user_id: other.id }))

    const text = logText()
    for (const secret of [user.password, newPassword, user.token]) {
      assert.ok(!text.includes(secret), `the log holds no ${secret.slice(0, 4)}…`)
    }
    // (The default MAIL_URL=log transport logs outgoing mail, addresses included; events never do.)
    const eventText = JSON.stringify(events)
    for (const email of [user.email, stranger, other.email]) {
      assert.ok(!eventText.includes(email), `no event names ${email}`)
    }
  })

  it('two-factor changes, recovery codes, email changes, cancels and verifications, and breached passwords log their events', async (t) => {
    const breached = 'Summer2024!'
    const hibp = await standIn(t, corpus({ [breached]: 1_000 }))
    const { app, smtp, logs, logText } = await buildMailingApp(t, {
      PASSWORD_BREACH_CHECK: 'hibp',
      PASSWORD_BREACH_CHECK_URL: hibp.url,
    })
    const user = await registerAndLogin(app)
    const mailTo = (email: string, subject: string) =>
      smtp.waitForMail((mail) => mail.to.includes(email) && mail.subject === subject)

    const refused = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: breached },
    })
    assert.equal(refused.statusCode, 422)

    const verification = tokenFromMail(await mailTo(user.email, 'Confirm your email address'))
    const verify = (token: string) =>
      app.inject({ method: 'POST', url: '/v1/email-verifications', payload: { token } })
    assert.equal((await verify(verification)).statusCode, 204)
    const abandoned = await app.inject({
      method: 'PUT',
      url: '/v1/me/email',
      headers: user.auth,
      payload: { new_email: uniqueEmail('abandoned'), password: user.password },
    })
    assert.equal(abandoned.statusCode, 202)
    const cancelToken = tokenFromMail(await mailTo(user.email, 'Your email address is being changed'))
    const cancelled = await app.inject({
      method: 'POST',
      url: '/v1/email-changes/cancel',
      payload: { token: cancelToken },
    })
    assert.equal(cancelled.statusCode, 204)
    const newEmail = uniqueEmail('moved')
    const change = await app.inject({
      method: 'PUT',
      url: '/v1/me/email',
      headers: user.auth,
      payload: { new_email: newEmail, password: user.password },
    })
    assert.equal(change.statusCode, 202)
    const changeToken = tokenFromMail(await mailTo(newEmail, 'Confirm your new email address'))
    assert.equal((await verify(changeToken)).statusCode, 204)

    const password = { password: user.password }
    const enrolled = await app.inject({
      method: 'POST',
      url: '/v1/me/totp',
      headers: user.auth,
      payload: password,
    })
    const { secret } = json<{ data: { secret: string } }>(enrolled).data
    const confirmed = await app.inject({
      method: 'POST',
      url: '/v1/me/totp/confirm',
      headers: user.auth,
      payload: { code: totpCode(secret) },
    })
    assert.equal(confirmed.statusCode, 200, confirmed.body)
    const recoveryCodes = json<{ data: { recovery_codes: string[] } }>(confirmed).data.recovery_codes
    const recovered = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: newEmail, password: user.password, recovery_code: recoveryCodes[0] },
    })
    assert.equal(recovered.statusCode, 201, recovered.body)
    const off = await app.inject({
      method: 'DELETE',
      url: '/v1/me/totp',
      headers: user.auth,
      payload: password,
    })
    assert.equal(off.statusCode, 204)

    const events = eventLines(logs())
    const find = (event: string, match: Record<string, unknown>) =>
      events.find((line) => line['event'] === event && Object.entries(match).every(([k, v]) => line[k] === v))
    assert.ok(find('password.breached', { email_sha256: emailSha256(user.email) }))
    assert.ok(find('email.verified', { user_id: user.id }))
    assert.ok(find('email.change_requested', { user_id: user.id }))
    assert.ok(find('email.change_cancelled', { user_id: user.id }))
    assert.ok(find('email.changed', { user_id: user.id }))
    assert.ok(find('totp.enabled', { user_id: user.id }))
    assert.ok(find('auth.recovery_code.used', { user_id: user.id }))
    assert.ok(find('totp.disabled', { user_id: user.id }))

    const text = logText()
    for (const secretText of [secret, ...recoveryCodes, verification, cancelToken, changeToken, breached]) {
      assert.ok(!text.includes(secretText), `the log holds no ${secretText.slice(0, 4)}…`)
    }
    const eventText = JSON.stringify(events)
    for (const email of [user.email, newEmail])
      assert.ok(!eventText.includes(email), `no event names ${email}`)
  })

  it('a refusal by a per-user quota logs quota.exceeded with the quota that refused', async (t) => {
    const { app, logs } = await buildTestApp(t, { USER_POST_LIMIT: '1/1m' })
    const user = await registerAndLogin(app)
    const post = (title: string) =>
      app.inject({ method: 'POST', url: '/v1/posts', headers: user.auth, payload: { title } })
    assert.equal((await post('first')).statusCode, 201)
    assert.equal((await post('second')).statusCode, 429)
    const refused = eventLines(logs()).find((line) => line['event'] === 'quota.exceeded')
    assert.ok(refused, 'quota.exceeded is logged')
    assert.equal(refused['user_id'], user.id)
    assert.equal(refused['quota'], 'posts')
  })

  it('a mail refused by the per-recipient limit logs mail.recipient_limited with the address hashed', async (t) => {
    const { app, logs, logText } = await buildMailingApp(t, { MAIL_RECIPIENT_LIMIT: '1/1h' })
    const user = await registerAndLogin(app) // its verification mail spends the allowance
    const resend = await app.inject({ method: 'POST', url: '/v1/me/email-verification', headers: user.auth })
    assert.equal(resend.statusCode, 202)
    const refused = eventLines(logs()).find((line) => line['event'] === 'mail.recipient_limited')
    assert.ok(refused, 'mail.recipient_limited is logged')
    assert.equal(refused['email_sha256'], emailSha256(user.email))
    assert.equal(refused['template'], 'verify_email')
    assert.ok(!logText().includes(user.email), 'the address itself is never logged')
  })

  it('a moderation action and a disabled account’s login log their events, naming the actor', async (t) => {
    const { app, db, logs, logText } = await buildTestApp(t)
    const admin = await registerAndLogin(app, 'admin')
    const user = await registerAndLogin(app)
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute()
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/v1/users/${user.id}`,
      headers: admin.auth,
      payload: { disabled: true },
    })
    assert.equal(disabled.statusCode, 200)
    const login = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: user.password },
    })
    assert.equal(login.statusCode, 403)
    const events = eventLines(logs())
    const action = events.find((line) => line['event'] === 'moderation.action')
    assert.equal(action?.['user_id'], admin.id)
    assert.equal(action['action'], 'user.disable')
    assert.equal(action['target_id'], user.id)
    const refused = events.find((line) => line['event'] === 'auth.login.disabled')
    assert.equal(refused?.['user_id'], user.id)
    assert.ok(!logText().includes(user.password), 'never the password')
  })

  it('every name in SECURITY_EVENTS was logged by the tests above', () => {
    assert.deepEqual(
      [...SECURITY_EVENTS].filter((event) => !seen.has(event)),
      [],
    )
  })
})
