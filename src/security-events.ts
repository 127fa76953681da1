import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'

// Security-relevant events, one log line each through the app's pino logger, so an operator can
// alert on them or feed them to a SIEM: the `event` field names what happened, `user_id` (or
// `email_sha256` when no account is known) says to whom. Never a password, token or clear email.

/** Every security event name Quire logs (documented in docs/security.md). */
export const SECURITY_EVENTS = [
  'auth.login.succeeded',
  'auth.login.failed',
  'auth.lockout',
  'auth.recovery_code.used',
  'password.changed',
  'password.breached',
  'session.revoked',
  'account.created',
  'account.deleted',
  'access.forbidden',
  'totp.enabled',
  'totp.disabled',
  'email.change_requested',
  'email.change_cancelled',
  'email.changed',
  'email.verified',
  'quota.exceeded',
  'mail.recipient_limited',
  'moderation.action',
  'auth.login.disabled',
] as const

type SecurityEvent = (typeof SECURITY_EVENTS)[number]

/** Who an event is about: the account's ID when known, else the email (logged only as its SHA-256). */
interface EventSubject {
  userId?: string
  email?: string
}

/** Hex SHA-256 of a normalised email: lets log lines about one address be correlated without storing it. */
export function emailSha256(email: string): string {
  return createHash('sha256').update(email).digest('hex')
}

/** Logs one security event (level `warn` for lockouts and refusals, `info` otherwise). */
export function logSecurityEvent(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  subject: EventSubject,
  details: Record<string, string | number | boolean> = {},
): void {
  const line = {
    event,
    ...(subject.userId !== undefined ? { user_id: subject.userId } : {}),
    ...(subject.email !== undefined ? { email_sha256: emailSha256(subject.email) } : {}),
    ...details,
  }
  const serious: readonly SecurityEvent[] = [
    'auth.lockout',
    'auth.login.failed',
    'access.forbidden',
    'quota.exceeded',
    'mail.recipient_limited',
    'auth.login.disabled',
  ]
  if (serious.includes(event)) log.warn(line, event)
  else log.info(line, event)
}
