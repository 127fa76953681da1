import assert from 'node:assert/strict'
import { setTimeout as delay } from 'node:timers/promises'
import { QuireError, type QuireErrorCode } from '../../client/src/index.js'
import type { TestApp } from '../helpers.js'
import { STEP_MS, totpCode } from '../recovery-helpers.js'

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
  return totpCode(secret.toUpperCase(), Date.now() + stepOffset * STEP_MS)
}

/** The QuireError a call rejects with, after checking its status and code. */
export async function rejectsWith(
  promise: Promise<unknown>,
  status: number,
  code: QuireErrorCode,
): Promise<QuireError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof QuireError, `expected a QuireError, got ${String(error)}`)
    assert.equal(error.status, status, error.message)
    assert.equal(error.code, code)
    return error
  }
  assert.fail(`expected ${status} ${code}, but the call succeeded`)
}
