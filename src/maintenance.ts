import { setImmediate } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { deleteExpiredAccountTokens } from './account-tokens/account-tokens.queries.js'
import { trimEvents } from './events/events.queries.js'
import { deleteFailedMailBefore } from './mail/outbox.queries.js'
import { deleteExpiredCounters } from './rate-limits/rate-limits.queries.js'
import { deleteExpiredSessions } from './sessions/sessions.queries.js'

const SWEEP_INTERVAL_MS = 10 * 60_000
/** Most rows one statement of the sweep deletes (the live events: one step, a transaction). */
export const SWEEP_STEP = 500
/** How long a message the sender gave up on stays in the outbox for an operator to look at. */
const FAILED_MAIL_KEEP_MS = 7 * 24 * 60 * 60_000

/**
 * Deletes sessions that expired without being used again, rate-limit counters whose window has
 * ended, expired emailed tokens, old undeliverable mail and live events past EVENTS_RETENTION, so no
 * table grows without bound. Idempotent and safe to run at once, so every instance may run it.
 */
export async function sweepExpired(app: FastifyInstance, now: number = Date.now()): Promise<void> {
  const { db } = app
  const { sessionLifeMs, sessionAbsoluteLifeMs } = app.config
  const createdCutoff = sessionAbsoluteLifeMs === null ? undefined : now - sessionAbsoluteLifeMs
  const sessions = await inSteps((limit) =>
    deleteExpiredSessions(db, limit, now - sessionLifeMs, createdCutoff),
  )
  const counters = await inSteps((limit) => deleteExpiredCounters(db, limit, now))
  const tokens = await inSteps((limit) => deleteExpiredAccountTokens(db, limit, now))
  const failedMail = await inSteps((limit) => deleteFailedMailBefore(db, limit, now - FAILED_MAIL_KEEP_MS))
  // The watermark and the events it trims through commit together (events.queries.ts).
  const eventsCutoff = now - app.config.eventsRetentionMs
  const events = await inSteps((limit) =>
    db.transaction().execute((trx) => trimEvents(trx, eventsCutoff, limit)),
  )
  if (sessions + counters + tokens + failedMail + events > 0) {
    app.log.info({ sessions, counters, tokens, failed_mail: failedMail, events }, 'swept expired rows')
  }
}

/**
 * Deletes in statements of at most SWEEP_STEP rows until one deletes fewer, giving other requests their
 * turn between them: rows pile up (a busy hour of events, a million expired sessions after a quiet
 * week), and one statement deleting them all would hold SQLite's writer, and the event loop, for seconds.
 * Returns how many went.
 */
async function inSteps(step: (limit: number) => Promise<number>): Promise<number> {
  let deleted = 0
  for (;;) {
    const count = await step(SWEEP_STEP)
    deleted += count
    if (count < SWEEP_STEP) return deleted
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
