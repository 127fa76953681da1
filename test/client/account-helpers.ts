import { createHmac } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import type { TestApp } from '../helpers.js'

// Reading what Quire mails (MAIL_URL=log at LOG_LEVEL=debug writes each message, token included, to the
// log) and computing authenticator codes, for the client's and the browser's account tests.

interface LoggedMail {
  to?: string
  subject?: string
  text?: string
}

function mails(api: TestApp, to: string, subject: RegExp): LoggedMail[] {
  return api
    .logs()
    .map((line) => line['mail'] as LoggedMail | undefined)
    .filter((mail): mail is LoggedMail => mail?.to === to && subject.test(mail.subject ?? ''))
}

/** How many mails whose subject matches went to `to` so far. */
export function mailCount(api: TestApp, to: string, subject: RegExp): number {
  return mails(api, to, subject).length
}

/**
 * The link in the newest mail to `to` whose subject matches, once more than `after` such mails exist
 * (the outbox sends in the background).
 */
export async function mailedLink(api: TestApp, to: string, subject: RegExp, after = 0): Promise<string> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = mails(api, to, subject)
    const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(found.at(-1)?.text ?? '')?.[0]
    if (link !== undefined && found.length > after) return link
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" to ${to}`)
    await delay(100)
  }
}

/** The token of a mailed link. */
export function linkToken(link: string): string {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? ''
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, `stepOffset` steps from now. */
export function totp(secret: string, stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepOffset))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = (mac.at(-1) ?? 0) & 0x0f
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}
