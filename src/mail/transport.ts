import { createRequire } from 'node:module'
import type Nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { MailConfig } from '../config.js'
import type { RenderedMail } from './templates.js'

/** Delivers one message or throws; the outbox sender retries what throws. */
export interface MailTransport {
  /** `redacted` is the same message with its token hidden, for transports that write to the log. */
  send(recipient: string, message: RenderedMail, redacted: RenderedMail): Promise<void>
  close(): void
}

const require = createRequire(import.meta.url)

// A dead or stalling SMTP server must not hold a sender (and its claimed rows) for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * The transport MAIL_URL names: SMTP/SMTPS through nodemailer, or the log. `showTokens`: the log shows
 * each message whole, its links' tokens included, at any level (outside production).
 */
export function createMailTransport(
  mail: MailConfig,
  mailFrom: string,
  log: FastifyBaseLogger,
  options: { showTokens: boolean } = { showTokens: false },
): MailTransport {
  if (mail.kind === 'log') {
    return {
      send(recipient, message, redacted) {
        // A developer must be able to follow the link; in production the token is logged only when
        // someone asked for debug output on purpose.
        const whole = options.showTokens || ['debug', 'trace'].includes(log.level)
        const shown = whole ? message : redacted
        log.info(
          { mail: { to: recipient, subject: shown.subject, text: shown.text } },
          'mail (MAIL_URL=log, not sent)',
        )
        return Promise.resolve()
      },
      close() {
        // nothing to release
      },
    }
  }
  // Loaded only for SMTP: with MAIL_URL=log the server never needs nodemailer's few MiB of heap.
  const { createTransport } = require('nodemailer') as typeof Nodemailer
  const transporter = createTransport({ url: mail.url, ...SMTP_TIMEOUTS })
  return {
    async send(recipient, message) {
      await transporter.sendMail({ from: mailFrom, to: recipient, ...message })
    },
    close() {
      transporter.close()
    },
  }
}
