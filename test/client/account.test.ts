import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { createQuire } from '../../client/src/index.js'
import { buildTestApp, strongPassword, TEST_ENGINE, uniqueEmail, type TestApp } from '../helpers.js'
import { linkToken, mailCount, mailedLink, rejectsWith, totp } from './account-helpers.js'

// @quire/client's account-recovery calls against a live Quire over a real socket, reading the mailed
// tokens from the log (MAIL_URL=log at debug level). SQLite pass only: the client is engine-independent.
const skip = TEST_ENGINE === 'postgres' ? 'the client is engine-independent (SQLite pass only)' : false

async function liveServer(t: TestContext): Promise<TestApp & { url: string }> {
  const testApp = await buildTestApp(t, {
    MAIL_URL: 'log',
    LOG_LEVEL: 'debug',
    APP_URL: 'http://app.example.com',
  })
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...testApp, url: `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}` }
}

describe('client: account recovery and two-factor sign-in', { skip }, () => {
  it('verifies the email (and resends the link), then changes the email', async (t) => {
    const api = await liveServer(t)
    const quire = createQuire({ baseUrl: api.url })
    const email = uniqueEmail('client')
    const password = strongPassword()
    await quire.register({ email, password })
    await quire.login({ email, password })
    assert.equal((await quire.me.get()).email_verified, false)

    const first = await mailedLink(api, email, /./)
    await quire.me.resendVerification()
    const second = await mailedLink(api, email, /./, 1)
    assert.notEqual(second, first)
    // A newer link voids the older one.
    const stale = await rejectsWith(
      quire.emailVerifications.confirm(linkToken(first)),
      422,
      'FIELDS_VALIDATION_ERROR',
    )
    assert.ok(stale.fields['token'])
    await quire.emailVerifications.confirm(linkToken(second))
    assert.equal((await quire.me.get()).email_verified, true)

    // A change the owner cancels from the notice mailed to the current address.
    const abandoned = uniqueEmail('client-abandoned')
    await quire.me.changeEmail(abandoned, password)
    const abandonedLink = await mailedLink(api, abandoned, /./)
    const cancelLink = await mailedLink(api, email, /being changed/)
    assert.ok(cancelLink.startsWith('http://app.example.com/cancel-email-change#token='), cancelLink)
    await createQuire({ baseUrl: api.url }).emailChanges.cancel(linkToken(cancelLink))
    await rejectsWith(
      quire.emailVerifications.confirm(linkToken(abandonedLink)),
      422,
      'FIELDS_VALIDATION_ERROR',
    )
    await rejectsWith(quire.emailChanges.cancel(linkToken(cancelLink)), 422, 'FIELDS_VALIDATION_ERROR')

    const newEmail = uniqueEmail('client-new')
    await rejectsWith(quire.me.changeEmail(newEmail, 'not my password at all'), 403, 'FORBIDDEN')
    await quire.me.changeEmail(newEmail, password)
    const change = await mailedLink(api, newEmail, /./)
    await createQuire({ baseUrl: api.url }).emailVerifications.confirm(linkToken(change))
    assert.equal((await quire.me.get()).email, newEmail)
  })

  it('resets a forgotten password with the mailed token', async (t) => {
    const api = await liveServer(t)
    const quire = createQuire({ baseUrl: api.url })
    const email = uniqueEmail('client')
    const password = strongPassword()
    await quire.register({ email, password })
    const signedIn = createQuire({ baseUrl: api.url })
    await signedIn.login({ email, password })

    const anonymous = createQuire({ baseUrl: api.url })
    const before = mailCount(api, email, /password/i)
    await anonymous.passwordResets.request(email)
    await anonymous.passwordResets.request(uniqueEmail('nobody')) // same answer, no mail
    const token = linkToken(await mailedLink(api, email, /password/i, before))

    const weak = await rejectsWith(
      anonymous.passwordResets.confirm(token, 'password123'),
      422,
      'FIELDS_VALIDATION_ERROR',
    )
    assert.ok(weak.fields['new_password'])
    const newPassword = strongPassword()
    await anonymous.passwordResets.confirm(token, newPassword)
    await rejectsWith(
      anonymous.passwordResets.confirm(token, strongPassword()),
      422,
      'FIELDS_VALIDATION_ERROR',
    )
    // Every session of the account ended; the new password works.
    await rejectsWith(signedIn.me.get(), 401, 'UNAUTHENTICATED')
    await anonymous.login({ email, password: newPassword })
    assert.equal((await anonymous.me.get()).email, email)
  })

  it('turns two-factor sign-in on, logs in with a code and a recovery code, and turns it off', async (t) => {
    const api = await liveServer(t)
    const quire = createQuire({ baseUrl: api.url })
    const email = uniqueEmail('client')
    const password = strongPassword()
    await quire.register({ email, password })
    await quire.login({ email, password })

    const enrolment = await quire.totp.start(password)
    assert.match(enrolment.otpauth_url, /^otpauth:\/\/totp\//)
    assert.match(enrolment.qr_svg, /<svg/)
    await rejectsWith(quire.totp.confirm('000000'), 422, 'FIELDS_VALIDATION_ERROR')
    const recoveryCodes = await quire.totp.confirm(totp(enrolment.secret))
    assert.equal(recoveryCodes.length, 10)
    assert.equal((await quire.me.get()).totp_enabled, true)

    const device = createQuire({ baseUrl: api.url })
    await rejectsWith(device.login({ email, password }), 401, 'TOTP_REQUIRED')
    await device.login({ email, password, totp_code: totp(enrolment.secret, 1) })
    assert.ok(device.token)
    const other = createQuire({ baseUrl: api.url })
    await other.login({ email, password, recovery_code: recoveryCodes[0] ?? '' })
    await rejectsWith(
      createQuire({ baseUrl: api.url }).login({ email, password, recovery_code: recoveryCodes[0] ?? '' }),
      401,
      'UNAUTHENTICATED',
    )

    await quire.totp.disable(password)
    assert.equal((await quire.me.get()).totp_enabled, false)
    await createQuire({ baseUrl: api.url }).login({ email, password })
  })
})
