import assert from 'node:assert/strict'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, it } from 'node:test'
import type { Db } from '../../src/db/database.js'
import { enqueueMail } from '../../src/mail/outbox.js'
import { emailSha256 } from '../../src/security-events.js'
import { buildTestApp, json, registerAndLogin, strongPassword, uniqueEmail } from '../helpers.js'
import type { TestSmtpServer } from '../mail-helpers.js'
import { buildMailingApp, changeEmail } from '../recovery-helpers.js'

// MAIL_RECIPIENT_LIMIT: however many accounts ask, one address gets at most so many messages per
// window, of every kind together; the requests that asked for more answer exactly as usual.

async function outboxRows(db: Db) {
  return db.selectFrom('mail_outbox').select(['recipient', 'template']).execute()
}

/** Waits until everything queued has been delivered, then a little longer for a straggler to show. */
async function drained(db: Db): Promise<void> {
  const deadline = Date.now() + 15_000
  while ((await outboxRows(db)).length > 0) {
    if (Date.now() > deadline) throw new Error('the outbox never emptied')
    await delay(25)
  }
  await delay(300)
}

function mailsTo(smtp: TestSmtpServer, email: string) {
  return smtp.mails.filter((mail) => mail.to.includes(email))
}

function limitedEvents(logs: Array<Record<string, unknown>>) {
  return logs.filter((line) => line['event'] === 'mail.recipient_limited')
}

describe('mail per recipient: security', () => {
  it('six throwaway accounts asking email changes to one unregistered address get it only MAIL_RECIPIENT_LIMIT mails; every request answers as usual', async (t) => {
    // The default limit (5 per hour): the finding's 18 email-change mails to one address become 5.
    const { app, db, smtp, logs, logText } = await buildMailingApp(t)
    const victim = uniqueEmail('victim')
    const throwaways = await Promise.all(Array.from({ length: 6 }, () => registerAndLogin(app, 'throwaway')))
    const answers = []
    for (const account of throwaways) {
      for (let i = 0; i < 3; i++) answers.push(await changeEmail(app, account, victim))
    }
    assert.equal(answers.length, 18)
    for (const answer of answers) {
      assert.equal(answer.statusCode, 202, answer.body)
      assert.deepEqual(json(answer), { data: {} })
    }
    await drained(db)

    const received = mailsTo(smtp, victim)
    assert.equal(received.length, 5, 'MAIL_RECIPIENT_LIMIT mails reach the address, no more')
    for (const mail of received) assert.equal(mail.subject, 'Confirm your new email address')
    for (const account of throwaways) {
      // Their own verification mail and three change notices: within the limit, all delivered.
      assert.equal(mailsTo(smtp, account.email).length, 4)
    }

    const events = limitedEvents(logs())
    assert.equal(events.length, 13, 'each mail not sent is logged')
    for (const event of events) {
      assert.equal(event['email_sha256'], emailSha256(victim))
      assert.equal(event['template'], 'confirm_email_change')
      assert.equal(event['level'], 40, 'logged as a warning')
    }
    assert.ok(!logText().includes(victim), 'the log never names the address')
  })

  it('every kind of mail to one address counts toward one limit', async (t) => {
    const { app, db, smtp, logs } = await buildMailingApp(t, {
      MAIL_RECIPIENT_LIMIT: '4/1h',
      VERIFICATION_MAIL_LIMIT: '100/1h',
    })
    const user = await registerAndLogin(app) // a verification mail
    await smtp.waitForMail((mail) => mail.to.includes(user.email))
    const resend = await app.inject({ method: 'POST', url: '/v1/me/email-verification', headers: user.auth })
    assert.equal(resend.statusCode, 202)
    const reset = await app.inject({
      method: 'POST',
      url: '/v1/password-resets',
      payload: { email: user.email },
    })
    assert.equal(reset.statusCode, 202)
    await smtp.waitForMail((mail) => mail.to.includes(user.email) && mail.subject === 'Reset your password')
    const newPassword = strongPassword()
    const changed = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: newPassword },
    })
    assert.equal(changed.statusCode, 200, changed.body)
    // The fifth message, the notice of an email change, finds the allowance spent.
    const change = await changeEmail(app, { ...user, password: newPassword }, uniqueEmail('new'))
    assert.equal(change.statusCode, 202, change.body)
    await drained(db)

    assert.deepEqual(
      mailsTo(smtp, user.email)
        .map((mail) => mail.subject)
        .sort(),
      [
        'Confirm your email address',
        'Confirm your email address',
        'Reset your password',
        'Your password was changed',
      ],
    )
    const [event, ...more] = limitedEvents(logs())
    assert.ok(event)
    assert.equal(more.length, 0)
    assert.equal(event['template'], 'email_change_requested')
    assert.equal(event['email_sha256'], emailSha256(user.email))
  })

  it('one address at its limit leaves other addresses their own allowance', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t, {
      MAIL_RECIPIENT_LIMIT: '2/1h',
      VERIFICATION_MAIL_LIMIT: '100/1h',
    })
    const user = await registerAndLogin(app)
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')]
    for (let i = 0; i < 3; i++) assert.equal((await changeEmail(app, user, first)).statusCode, 202)
    for (let i = 0; i < 2; i++) assert.equal((await changeEmail(app, user, second)).statusCode, 202)
    await drained(db)
    assert.equal(mailsTo(smtp, first).length, 2)
    assert.equal(mailsTo(smtp, second).length, 2)
  })

  it('case and whitespace variants of one address share its allowance', async (t) => {
    const { app, db, smtp } = await buildMailingApp(t, {
      MAIL_RECIPIENT_LIMIT: '2/1h',
      VERIFICATION_MAIL_LIMIT: '100/1h',
    })
    const user = await registerAndLogin(app)
    const victim = uniqueEmail('victim')
    for (const variant of [victim.toUpperCase(), ` ${victim} `, victim.replace(/^v/, 'V')]) {
      assert.equal((await changeEmail(app, user, variant)).statusCode, 202)
    }
    await drained(db)
    assert.equal(mailsTo(smtp, victim).length, 2)
  })

  it('the outbox itself counts variants of an address together, whatever a caller passes', async (t) => {
    const { app, db, config } = await buildTestApp(t, { MAIL_RECIPIENT_LIMIT: '2/1h' })
    await app.mailSender.stop()
    assert.equal(config.mailsPerRecipient.max, 2)
    for (const variant of ['Bob@Example.com', '  bob@example.com  ', 'BOB@EXAMPLE.COM']) {
      await enqueueMail(db, app.outbox, variant, 'totp_enabled', {})
    }
    assert.equal((await outboxRows(db)).length, 2)
  })

  it('mail queued in a transaction that rolls back spends none of the allowance', async (t) => {
    const { app, db } = await buildTestApp(t, { MAIL_RECIPIENT_LIMIT: '1/1h' })
    await app.mailSender.stop()
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, app.outbox, 'carol@example.com', 'password_changed', {})
        throw new Error('the change failed')
      }),
      /the change failed/,
    )
    await db.transaction().execute(async (trx) => {
      await enqueueMail(trx, app.outbox, 'carol@example.com', 'password_changed', {})
    })
    assert.deepEqual(await outboxRows(db), [{ recipient: 'carol@example.com', template: 'password_changed' }])
  })
})
