import { sql } from 'kysely'
import { dialectOf, watchCommits, type Db } from '../db/database.js'

// On PostgreSQL every instance's hub LISTENs on one channel (hub.ts). The instance that commits a
// transaction which appended events sends the NOTIFY itself, once the COMMIT has answered and outside
// the transaction: a NOTIFY inside it (as a trigger would) takes PostgreSQL's notification-queue lock
// from the NOTIFY through the commit, serialising every writer's commit. Bursts are coalesced: one
// NOTIFY in flight and one more queued behind it stand for every commit meanwhile, since a hub that
// is woken reads every event after its cursor; the queued one waits NOTIFY_SPACING_MS after the last,
// so a steady stream of writes sends a NOTIFY per few milliseconds, not one per write. An instance
// that ends between a commit and its NOTIFY leaves the other hubs to find the events at their next
// backstop read.

/** The least time between two NOTIFYs of one instance (the first after a quiet spell goes at once). */
const NOTIFY_SPACING_MS = 5

/** The channel hubs LISTEN on. */
export const EVENTS_CHANNEL = 'quire_events'

/** The statements that insert into the events outbox (event-log/): alone, or after their change's CTE. */
export function appendsEvents(text: string): boolean {
  return /\binsert\s+into\s+"events"/i.test(text)
}

/**
 * Sends `NOTIFY quire_events` after each commit of this process that appended events; undefined on
 * SQLite. `failed` hears a NOTIFY that could not be sent (the hubs' backstop read covers it).
 */
export function notifyAfterCommits(
  db: Db,
  failed: (error: unknown) => void,
): { stop: () => void } | undefined {
  if (dialectOf(db) !== 'postgres') return undefined
  let inFlight = false
  let queued = false
  let stopped = false
  const send = (): void => {
    inFlight = true
    sql`notify ${sql.raw(EVENTS_CHANNEL)}`
      .execute(db)
      .catch((error: unknown) => {
        if (!stopped) failed(error)
      })
      .finally(() => {
        setTimeout(() => {
          inFlight = false
          if (queued && !stopped) {
            queued = false
            send()
          }
        }, NOTIFY_SPACING_MS).unref()
      })
  }
  const watch = watchCommits(db, appendsEvents, () => {
    if (stopped) return
    if (inFlight) queued = true
    else send()
  })
  if (watch === undefined) return undefined
  return {
    stop: () => {
      stopped = true
    },
  }
}
