import type { TestContext } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers.js'
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
