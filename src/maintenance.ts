import type { FastifyInstance } from 'fastify'
import { deleteExpiredCounters } from './rate-limits/rate-limits.queries.js'
import { deleteExpiredSessions } from './sessions/sessions.queries.js'

const SWEEP_INTERVAL_MS = 10 * 60_000

/**
 * Deletes sessions that expired without being used again and rate-limit counters whose window has
 * ended, so neither table grows without bound. Idempotent, so every instance may run it.
 */
export async function sweepExpired(app: FastifyInstance, now: number = Date.now()): Promise<void> {
  const { sessionLifeMs, sessionAbsoluteLifeMs } = app.config
  const sessions = await deleteExpiredSessions(
    app.db,
    now - sessionLifeMs,
    sessionAbsoluteLifeMs === null ? undefined : now - sessionAbsoluteLifeMs,
  )
  const counters = await deleteExpiredCounters(app.db, now)
  if (sessions + counters > 0) app.log.info({ sessions, counters }, 'swept expired rows')
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
