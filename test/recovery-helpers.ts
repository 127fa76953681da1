import { createHmac } from 'node:crypto'
import type { TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Db } from '../src/db/database.js'
import { buildTestApp, type TestApp, type TestUser } from './helpers.js'
import { startSmtpServer, type TestSmtpServer } from './mail-helpers.js'

export const APP_URL = 'https://app.example.com'

/** The app on a fresh database, mailing through a real SMTP server in the test process. */
export async function buildMailingApp(
  t: TestContext,
  env: Record<string, string> = {},
): Promise<TestApp & { smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer(t)
  const testApp = await buildTestApp(
    t,
    { MAIL_URL: smtp.url, MAIL_FROM: 'Quire Tests <no-reply@quire.test>', APP_URL, ...env },
    { mailSender: { pollIntervalMs: 100, backoffBaseMs: 50, backoffMaxMs: 200 } },
  )
  return { ...testApp, smtp }
}

/** Asks to move the account to `newEmail` (`PUT /v1/me/email`), answering whatever the server answers. */
export function changeEmail(
  app: FastifyInstance,
  user: TestUser,
  newEmail: string,
  password = user.password,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: '/v1/me/email',
    headers: user.auth,
    payload: { new_email: newEmail, password },
  })
}

/** Resolves once the background sender has delivered (or run) everything queued so far. */
export async function waitForEmptyOutbox(db: Db): Promise<void> {
  const deadline = Date.now() + 10_000
  while ((await db.selectFrom('mail_outbox').select('id').execute()).length > 0) {
    if (Date.now() > deadline) throw new Error('the outbox did not empty')
    await delay(50)
  }
}

/** Length of a TOTP time step (RFC 6238's default, as the server uses). */
export const STEP_MS = 30_000

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const bytes = bits.match(/.{8}/g) ?? []
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)))
}

/** RFC 6238 (HMAC-SHA-1, 30 s steps) written out here, independent of the server's library. */
export function totpCode(secretBase32: string, now: number = Date.now(), digits = 6): string {
  return rfc6238(base32Decode(secretBase32), now, digits)
}

/** The RFC 6238 code of a raw key at a time. */
export function rfc6238(key: Buffer, now: number, digits: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(now / STEP_MS)))
  const hmac = createHmac('sha1', key).update(counter).digest()
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}
