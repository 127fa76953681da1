import assert from 'node:assert/strict'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { claimDueMail } from '../../src/mail/outbox.queries.js'
import { sweepExpired } from '../../src/maintenance.js'
import { backoffMs, DEFAULT_SENDER_OPTIONS, enqueueMail, MailSender } from '../../src/mail/outbox.js'
import { createMailTransport } from '../../src/mail/transport.js'
import type { Db } from '../../src/db/database.js'
import { buildTestApp, registerAndLogin, until, type TestApp } from '../helpers.js'
import { startSmtpServer } from '../mail-helpers.js'
import { buildMailingApp } from '../recovery-helpers.js'

function outbox(db: Db) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
}

/** A sender of the app's database and key, as another instance would run one. */
function extraSender(testApp: TestApp, smtpUrl: string, options = {}): MailSender {
  const { app } = testApp
  const transport = createMailTransport({ kind: 'smtp', url: smtpUrl }, 'no-reply@quire.test', app.log)
  return new MailSender(app.db, app.secretBox, transport, 'https://app.example.com', app.log, {
    pollIntervalMs: 50,
    batchSize: 4,
    ...options,
  })
}

describe('mail outbox', () => {
  it('two senders on one database deliver every message exactly once', async (t) => {
    const testApp = await buildTestApp(t)
    const { app, db } = testApp
    await app.mailSender.stop() // the app's own sender writes to the log; these two do the work
    const smtp = await startSmtpServer(t)
    const count = 40
    for (let i = 0; i < count; i++) {
      await enqueueMail(db, app.outbox, `reader${i}@example.com`, 'password_changed', {})
    }
    const senders = [extraSender(testApp, smtp.url), extraSender(testApp, smtp.url)]
    t.after(() => Promise.all(senders.map((sender) => sender.stop())))
    for (const sender of senders) sender.start()

    await until('every message', () => (smtp.mails.length >= count ? true : undefined))
    await until('an empty outbox', async () => ((await outbox(db)).length === 0 ? true : undefined))
    await delay(300) // a duplicate would arrive now
    const recipients = smtp.mails.flatMap((mail) => mail.to).sort()
    assert.equal(recipients.length, count, 'no message was sent twice')
    assert.equal(new Set(recipients).size, count, 'every message was sent')
  })

  it('claims are exclusive: a row claimed by one sender is not handed to another until the claim runs out', async (t) => {
    const { app, db } = await buildTestApp(t)
    await app.mailSender.stop()
    await enqueueMail(db, app.outbox, 'someone@example.com', 'totp_enabled', {})
    const now = Date.now()
    const first = await claimDueMail(db, 'first', now, now + 60_000, 10)
    assert.equal(first.length, 1)
    assert.deepEqual(await claimDueMail(db, 'second', now + 1, now + 60_000, 10), [])
    const afterExpiry = await claimDueMail(db, 'second', now + 60_001, now + 120_000, 10)
    assert.equal(afterExpiry.length, 1, 'a crashed sender’s rows are taken over once its claim has run out')
    assert.equal(afterExpiry[0]?.claim_id, 'second')
  })

  it('a crashed sender loses nothing: its claimed message goes out once the claim runs out', async (t) => {
    const testApp = await buildTestApp(t)
    const { app, db } = testApp
    await app.mailSender.stop()
    const smtp = await startSmtpServer(t)
    await enqueueMail(db, app.outbox, 'patient@example.com', 'totp_disabled', {})
    const now = Date.now()
    // A sender claims the row and dies before sending.
    assert.equal((await claimDueMail(db, 'crashed', now, now + 400, 10)).length, 1)
    const survivor = extraSender(testApp, smtp.url)
    t.after(() => survivor.stop())
    survivor.start()
    await delay(200)
    assert.equal(smtp.mails.length, 0, 'not while the claim holds')
    const mail = await smtp.waitForMail(() => true)
    assert.deepEqual(mail.to, ['patient@example.com'])
    await until('an empty outbox', async () => ((await outbox(db)).length === 0 ? true : undefined))
  })

  it('a refusing SMTP server: retried with backoff, delivered once it recovers', async (t) => {
    const { app, db, smtp, logText } = await buildMailingApp(t)
    smtp.refusing = true
    const user = await registerAndLogin(app)
    const row = await until('two failed attempts', async () => {
      const rows = await outbox(db)
      return rows.find((r) => r.attempts >= 2)
    })
    assert.equal(row.status, 'pending')
    assert.match(row.last_error ?? '', /451|Try again later/)
    assert.ok(row.next_attempt_at > row.created_at)
    assert.match(logText(), /delivery failed; will retry/)
    smtp.refusing = false
    const mail = await smtp.waitForMail((m) => m.to.includes(user.email))
    assert.equal(mail.subject, 'Confirm your email address')
    await until('an empty outbox', async () => ((await outbox(db)).length === 0 ? true : undefined))
    await delay(300)
    assert.equal(smtp.mails.filter((m) => m.to.includes(user.email)).length, 1)
  })

  it('gives up after the last attempt: the row is kept as failed without its payload, and logged', async (t) => {
    const testApp = await buildTestApp(t)
    const { app, db, logText } = testApp
    await app.mailSender.stop()
    const smtp = await startSmtpServer(t)
    smtp.refusing = true
    await enqueueMail(db, app.outbox, 'unlucky@example.com', 'totp_enabled', {})
    const sender = extraSender(testApp, smtp.url, { maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 20 })
    t.after(() => sender.stop())
    sender.start()
    const row = await until('the message given up', async () =>
      (await outbox(db)).find((r) => r.status === 'failed'),
    )
    assert.equal(row.attempts, 3)
    assert.equal(row.payload, '', 'no live content is kept')
    assert.match(logText(), /giving up on a message/)
  })

  it('a message queued in a transaction that rolls back is never sent', async (t) => {
    const { app, db } = await buildTestApp(t)
    await app.mailSender.stop()
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, app.outbox, 'ghost@example.com', 'password_changed', {})
        throw new Error('the change failed')
      }),
      /the change failed/,
    )
    assert.deepEqual(await outbox(db), [])
  })

  it('queued parameters are encrypted at rest', async (t) => {
    const { app, db } = await buildTestApp(t)
    await app.mailSender.stop()
    const token = 'tok_'.padEnd(43, 'x')
    await enqueueMail(db, app.outbox, 'someone@example.com', 'verify_email', { token })
    const [row] = await outbox(db)
    assert.ok(row)
    assert.ok(!row.payload.includes(token))
    assert.match(row.payload, /^v1\./)
  })

  it('backoff doubles per attempt up to its maximum, with jitter below the nominal delay', () => {
    const options = { ...DEFAULT_SENDER_OPTIONS, backoffBaseMs: 1000, backoffMaxMs: 8000 }
    assert.equal(backoffMs(1, options, 1), 1000)
    assert.equal(backoffMs(2, options, 1), 2000)
    assert.equal(backoffMs(3, options, 1), 4000)
    assert.equal(backoffMs(10, options, 1), 8000)
    assert.equal(backoffMs(1, options, 0), 750)
  })

  it('an unreachable SMTP server never slows a request: the mail waits in the outbox', async (t) => {
    const { app, db } = await buildTestApp(
      t,
      { MAIL_URL: `smtp://127.0.0.1:1` },
      { mailSender: { pollIntervalMs: 50 } },
    )
    const started = Date.now()
    const user = await registerAndLogin(app)
    assert.ok(Date.now() - started < 5_000)
    const row = await until('a failed attempt', async () => (await outbox(db)).find((r) => r.attempts >= 1))
    assert.equal(row.recipient, user.email)
    assert.equal(row.status, 'pending')
  })
})

describe('sweeping', () => {
  it('the periodic sweep removes expired emailed tokens and week-old undeliverable mail only', async (t) => {
    const { app, db } = await buildTestApp(t)
    await app.mailSender.stop()
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    await db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .execute()
    await enqueueMail(db, app.outbox, 'old@example.com', 'totp_enabled', {}, Date.now() - 8 * 24 * 3_600_000)
    await enqueueMail(db, app.outbox, 'recent@example.com', 'totp_enabled', {}, Date.now() - 3_600_000)
    await db
      .updateTable('mail_outbox')
      .set({ status: 'failed', payload: '' })

      .where('recipient', 'in', ['old@example.com', 'recent@example.com'])
      .execute()
    await sweepExpired(app)
    const tokens = await db.selectFrom('account_tokens').select('user_id').execute()
    assert.deepEqual(
      tokens.map((row) => row.user_id),
      [other.id],
    )
    const failed = await db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('status', '=', 'failed')
      .execute()
    assert.deepEqual(
      failed.map((row) => row.recipient),
      ['recent@example.com'],
    )
  })
})

describe('mail to the log (MAIL_URL=log)', () => {
  /** The logged mail's line, once the sender has written it. */
  async function loggedMail(logText: () => string): Promise<string> {
    const marker = 'mail (MAIL_URL=log, not sent)'
    await until('the logged mail', () => (logText().includes(marker) ? true : undefined))
    return (
      logText()
        .split('\n')
        .find((entry) => entry.includes(marker)) ?? ''
    )
  }

  it('outside production, logs the message at info with its link whole, token included', async (t) => {
    const { app, db, logText } = await buildTestApp(t, { NODE_ENV: 'development' })
    const user = await registerAndLogin(app)
    const line = await loggedMail(logText)
    assert.ok(line.includes(user.email))
    assert.match(line, /"level":30/)
    assert.match(line, /http:\/\/localhost:3000\/verify-email#token=[A-Za-z0-9_-]{43}/)
    assert.ok(!line.includes('[REDACTED]'), line)
    assert.deepEqual(await outbox(db), [])
  })

  it('in production, logs the message with its token redacted at info, and warns at start-up', async (t) => {
    const { app, logText } = await buildTestApp(t, { NODE_ENV: 'production' })
    const user = await registerAndLogin(app)
    const line = await loggedMail(logText)
    assert.ok(line.includes(user.email))
    assert.ok(line.includes('#token=[REDACTED]'), line)
    assert.doesNotMatch(logText(), /#token=[A-Za-z0-9_-]{43}/)
    assert.ok(logText().includes('mail is written to the log, not sent. Set MAIL_URL'), 'warns at start-up')
  })

  it('in production, shows the token at LOG_LEVEL=debug, asked for on purpose', async (t) => {
    const { app, logText } = await buildTestApp(t, { NODE_ENV: 'production', LOG_LEVEL: 'debug' })
    await registerAndLogin(app)
    await loggedMail(logText)
    assert.match(logText(), /#token=[A-Za-z0-9_-]{43}/)
  })
})
