import { setImmediate } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { deleteExpiredAccountTokens } from './account-tokens/account-tokens.queries.js'
import { trimEvents } from './events/events.queries.js'
import { deleteFailedMailBefore } from './mail/outbox.queries.js'
import { deleteExpiredCounters } from './rate-limits/rate-limits.queries.js'
import { deleteExpiredSessions } from './sessions/sessions.queries.js'

const SWEEP_INTERVAL_MS = 10 * 60_000
/** How long a message the sender gave up on stays in the outbox for an operator to look at. */
const FAILED_MAIL_KEEP_MS = 7 * 24 * 60 * 60_000

/**
 * Deletes sessions that expired without being used again, rate-limit counters whose window has
 * ended, expired emailed tokens, old undeliverable mail and live events past EVENTS_RETENTION, so no
 * table grows without bound. Idempotent and safe to run at once, so every instance may run it.
 */
export async function sweepExpired(app: FastifyInstance, now: number = Date.now()): Promise<void> {
  const { sessionLifeMs, sessionAbsoluteLifeMs } = app.config
  const sessions = await deleteExpiredSessions(
    app.db,
    now - sessionLifeMs,
    sessionAbsoluteLifeMs === null ? undefined : now - sessionAbsoluteLifeMs,
  )
  const counters = await deleteExpiredCounters(app.db, now)
  const tokens = await deleteExpiredAccountTokens(app.db, now)
  const failedMail = await deleteFailedMailBefore(app.db, now - FAILED_MAIL_KEEP_MS)
  const events = await trimOldEvents(app, now - app.config.eventsRetentionMs)
  if (sessions + counters + tokens + failedMail + events > 0) {
    app.log.info({ sessions, counters, tokens, failed_mail: failedMail, events }, 'swept expired rows')
  }
}

/**
 * Trims the live events created before `cutoff` in steps of their own transactions (events.queries.ts),
 * giving other requests their turn between steps: an hour of busy writes is millions of events, and
 * one statement deleting them all would hold SQLite's writer, and the event loop, for seconds.
 */
async function trimOldEvents(app: FastifyInstance, cutoff: number): Promise<number> {
  let trimmed = 0
  for (;;) {
    const step = await app.db.transaction().execute((trx) => trimEvents(trx, cutoff))
    trimmed += step.trimmed
    if (!step.more) return trimmed
    await setImmediate()
  }
}

/** Runs the sweep once the server is ready and then every ten minutes until it closes. */
export function scheduleSweeps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  const run = (): void => {
    sweepExpired(app).catch((error: unknown) => {
      app.log.error({ err: error }, 'sweep failed')
    })
  }
  app.addHook('onListen', async () => {
    run()
    timer = setInterval(run, SWEEP_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
  })
}
