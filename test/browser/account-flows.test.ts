import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { linkToken, mailCount, mailedLink, totp } from '../client/account-helpers.js'
import { strongPassword, uniqueEmail } from '../helpers.js'
import { startSmtpServer } from '../mail-helpers.js'
import {
  browserSkip,
  captureScreen,
  serveApi,
  serveWebApp,
  suiteBrowser,
  suiteWebBuild,
} from './browser-helpers.js'

// Email verification, password reset, email change (and its cancellation) and two-factor sign-in
// through the web app, with
// the links Quire mails (MAIL_URL=log at debug level writes them, token included, to the log).

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Log out/ }).click()
  await page.getByRole('heading', { name: 'Log in' }).waitFor()
}

describe('account flows in Chromium', { skip: browserSkip }, () => {
  const openPage = suiteBrowser()
  const webBuild = suiteWebBuild()

  it('verifies the email, turns on two-factor sign-in, resets the password and changes the email', async (t) => {
    const web = await serveWebApp(t, await webBuild())
    const api = await serveApi(t, {
      CORS_ORIGINS: web.origin,
      APP_URL: web.origin,
      MAIL_URL: 'log',
      LOG_LEVEL: 'debug',
      // The flow mails one address more often than the default allowance of an hour.
      MAIL_RECIPIENT_LIMIT: '20/1h',
    })
    web.setApiUrl(api.url)
    const page = await openPage(t)

    // Register: a verification mail goes out; its link opens the app and confirms the address.
    const email = uniqueEmail('flows')
    const password = strongPassword()
    await page.goto(`${web.origin}/register`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('button', { name: /Log out/ }).waitFor()
    await page.goto(`${web.origin}/account`)
    await page.locator('.badge', { hasText: 'Not verified' }).waitFor()
    await captureScreen(page, 'account-unverified')
    // A confirmation link that does not work offers a new one, sent from where it failed.
    await page.goto(`${web.origin}/verify-email#token=${'x'.repeat(43)}`)
    await page.getByText('This link has expired or has already been used.').waitFor()
    await captureScreen(page, 'verify-email-expired')
    await page.getByRole('button', { name: 'Send me a new link' }).click()
    await page.getByText(`A new link is on its way to ${email}.`).waitFor()
    // (A link that differs only after the # would not load the page again, as a link from a mail does.)
    await page.goto(`${web.origin}/account`)
    const verifyLink = await mailedLink(api, email, /confirm|verify/i, 1)
    assert.ok(verifyLink.startsWith(`${web.origin}/verify-email#token=`), verifyLink)
    await page.goto(verifyLink)
    await page.getByText('Your email address is confirmed').waitFor()
    assert.equal(new URL(page.url()).hash, '', 'the token is dropped from the address bar')
    await captureScreen(page, 'verify-email')
    await page.getByRole('link', { name: 'Back to your account' }).click()
    await page.locator('.badge', { hasText: 'Verified' }).waitFor()

    // Two-factor sign-in: password, QR code, a code from the "app", recovery codes.
    await page.getByRole('region', { name: 'Two-factor sign-in' }).getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const secret = (await page.locator('code.secret').innerText()).trim()
    await page.getByLabel('Code from the app').fill(totp(secret))
    await captureScreen(page, 'account-totp-setup')
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.locator('.recovery-codes li').first().waitFor()
    const recoveryCodes = await page.locator('.recovery-codes code').allInnerTexts()
    assert.equal(recoveryCodes.length, 10)
    await captureScreen(page, 'account-totp-recovery-codes')
    await page.getByRole('button', { name: 'I have saved them' }).click()

    // Logging in now asks for a code after the password (the next step's code: the last one is spent).
    await logOut(page)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    const codeField = page.getByLabel('Code from your authenticator app')
    await codeField.waitFor()
    // The field the step revealed has the keyboard focus.
    assert.equal(await codeField.evaluate((field) => field === document.activeElement), true)
    await captureScreen(page, 'login-totp')
    await codeField.fill(totp(secret, 1))
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('button', { name: /Log out/ }).waitFor()

    // Forgot the password: the mailed link sets a new one (the rules apply), then a recovery code signs in.
    await logOut(page)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await page.getByText('is on its way').waitFor()
    await captureScreen(page, 'forgot-password')
    const resetLink = await mailedLink(api, email, /password/i)
    assert.ok(resetLink.startsWith(`${web.origin}/reset-password#token=`), resetLink)
    // A reset link that does not work says so and points to a new one, not at a field. (Each link is
    // opened from another path: one that differs only after the # would not load the page again.)
    await page.goto(`${web.origin}/reset-password`)
    await page.getByText('This link is incomplete.').waitFor()
    await captureScreen(page, 'reset-password-incomplete')
    await page.goto(`${web.origin}/login`)
    await page.goto(`${web.origin}/reset-password#token=${'x'.repeat(43)}`)
    await page.getByLabel('New password').fill(strongPassword())
    await page.getByRole('button', { name: 'Set the new password' }).click()
    await page.getByText('This link has expired or has already been used.').waitFor()
    assert.equal(await page.getByText('Please correct the fields marked below.').count(), 0)
    await captureScreen(page, 'reset-password-expired')
    await page.getByRole('link', { name: 'Request a new one.' }).click()
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await page.goto(resetLink)
    const newPasswordField = page.getByLabel('New password')
    await newPasswordField.fill('password123')
    await page.getByRole('button', { name: 'Set the new password' }).click()
    await page.locator('.field-error').waitFor()
    await captureScreen(page, 'reset-password')
    const newPassword = strongPassword()
    await newPasswordField.fill(newPassword)
    await page.getByRole('button', { name: 'Set the new password' }).click()
    await page.getByText('Your password is changed').waitFor()
    await page.getByRole('link', { name: 'Log in' }).last().click()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(newPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('button', { name: /Log out/ }).waitFor()

    // An unwanted email change: the notice mailed to the current address cancels it, and the link
    // mailed to the other address then no longer works.
    const unwanted = uniqueEmail('flows-unwanted')
    await page.goto(`${web.origin}/account`)
    await page.getByLabel('New email address').fill(unwanted)
    await page.getByRole('form', { name: 'Email' }).getByLabel('Password').fill(newPassword)
    await page.getByRole('button', { name: 'Change email' }).click()
    await page.getByText(`on its way to ${unwanted}`).waitFor()
    const unwantedLink = await mailedLink(api, unwanted, /./)
    const cancelLink = await mailedLink(api, email, /being changed/)
    assert.ok(cancelLink.startsWith(`${web.origin}/cancel-email-change#token=`), cancelLink)
    await page.goto(cancelLink)
    await page.getByText('The email change is cancelled').waitFor()
    assert.equal(new URL(page.url()).hash, '', 'the token is dropped from the address bar')
    await captureScreen(page, 'cancel-email-change')
    await page.getByRole('link', { name: 'Choose a new password' }).click()
    await page.getByLabel('New email address').waitFor()
    // Opened again, the spent link shows the bad-link state.
    await page.goto(cancelLink)
    await page.getByText('This link has expired or has already been used.').waitFor()
    await page.getByRole('link', { name: 'Check your account’s email address.' }).waitFor()
    await captureScreen(page, 'cancel-email-change-used')
    await page.goto(unwantedLink)
    await page.getByText('This link has expired or has already been used.').waitFor()
    const late = await fetch(`${api.url}/v1/email-verifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: linkToken(unwantedLink) }),
    })
    assert.equal(late.status, 422, 'the confirmation link of the cancelled change is void')

    // Change the email: the link goes to the new address and applies the change.
    const newEmail = uniqueEmail('flows-new')
    await page.goto(`${web.origin}/account`)
    await page.getByLabel('New email address').fill(newEmail)
    await page.getByRole('form', { name: 'Email' }).getByLabel('Password').fill(newPassword)
    const before = mailCount(api, newEmail, /./)
    await page.getByRole('button', { name: 'Change email' }).click()
    await page.getByText(`on its way to ${newEmail}`).waitFor()
    await captureScreen(page, 'account')
    const changeLink = await mailedLink(api, newEmail, /./, before)
    await page.goto(changeLink)
    await page.getByText(`Your email address is confirmed: ${newEmail}`).waitFor()

    // Turn two-factor sign-in off again.
    await page.goto(`${web.origin}/account`)
    await page.getByRole('region', { name: 'Two-factor sign-in' }).getByLabel('Password').fill(newPassword)
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor()
  })

  it('over the account’s failure ceiling, the mailed confirmation link finishes the sign-in', async (t) => {
    const web = await serveWebApp(t, await webBuild())
    const smtp = await startSmtpServer(t)
    const api = await serveApi(t, {
      CORS_ORIGINS: web.origin,
      APP_URL: web.origin,
      MAIL_URL: smtp.url,
      MAIL_FROM: 'Quire Tests <no-reply@quire.test>',
      LOGIN_FAILURE_EMAIL_LIMIT: '3/1h',
    })
    web.setApiUrl(api.url)
    const email = uniqueEmail('confirm')
    const password = strongPassword()
    const registered = await api.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email, password },
    })
    assert.equal(registered.statusCode, 201, registered.body)
    // Others' wrong guesses from other addresses fill the account's ceiling.
    for (const remoteAddress of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const guess = await api.app.inject({
        method: 'POST',
        url: '/v1/sessions',
        payload: { email, password: 'a wrong guess at it' },
        remoteAddress,
      })
      assert.equal(guess.statusCode, 401)
    }

    const page = await openPage(t)
    await page.goto(`${web.origin}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('check your email').waitFor()
    await captureScreen(page, 'login-confirmation-mailed')

    // A confirmation link that does not work leads back to logging in.
    await page.goto(`${web.origin}/confirm-login#token=${'x'.repeat(43)}`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Finish signing in' }).click()
    await page.getByText('This link has expired or has already been used.').waitFor()
    await captureScreen(page, 'confirm-login-expired')
    await page.getByRole('link', { name: 'Log in again to get a new one.' }).click()
    await page.getByRole('heading', { name: 'Log in' }).waitFor()

    const mail = await smtp.waitForMail((m) => m.to.includes(email) && m.subject === 'Confirm your sign-in')
    const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? ''
    assert.ok(link.startsWith(`${web.origin}/confirm-login#token=`), mail.text)
    // Opened from the mail: a new page load, so the password is asked again (it was kept in memory only).
    await page.goto(link)
    await page.getByRole('heading', { name: 'Finish signing in' }).waitFor()
    assert.equal(new URL(page.url()).hash, '', 'the token is dropped from the address bar')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await captureScreen(page, 'confirm-login')
    await page.getByRole('button', { name: 'Finish signing in' }).click()
    await page.getByRole('button', { name: /Log out/ }).waitFor()
  })
})
