import type pg from 'pg'
import { pgModule } from './pg-module.js'

// Finding out quickly that PostgreSQL cannot be reached, when nothing says so. A refused or reset
// connection fails at once, but on a black-holed route (a dead host, a dropped network path) a query
// simply never hears back, and neither the server's statement_timeout nor the pool's connect timeout
// can help within a second. A plain short query deadline would be wrong, since a legitimate statement
// may run up to the statement timeout; so a query's silence only raises the question, and a fresh
// connection answers it:
//
// - A query (or a wait for a pooled connection) without an answer for `probeTimeoutMs`, while nothing
//   else has come from the server for as long, starts a probe: a new connection that must get any
//   answer from the server (even a refusal such as "too many clients") within `probeTimeoutMs`. At
//   most one probe is in flight, at most one starts per `probeTimeoutMs`.
// - If the probe hears nothing and no query was answered meanwhile, the database is declared
//   unreachable: every connection of the pool is destroyed (their waiting queries fail, and no
//   connection from before the outage is trusted after it), waits for a connection are abandoned, and
//   new checkouts fail at once. Probes continue every `probeTimeoutMs`; the first one answered ends
//   the state, so service resumes by itself.
// - A query that is only slow keeps running to the statement timeout: the probes are answered.
// - A backstop still ends a single connection that stays silent past `silentLimitMs` while the server
//   answers probes (a connection lost on its own, e.g. a dropped NAT entry).
//
// Every error raised here starts with "no answer from the database", which the error handling maps
// to 503 SERVICE_UNAVAILABLE.

/** An error this module gave a query, a connection or a checkout; never worth a log line per connection. */
export class DatabaseUnreachableError extends Error {}

/** How a pool's liveness is watched. */
interface LivenessOptions {
  /** The pool's connection URL; probes open their own connection with it. */
  url: string
  /** How long silence is tolerated before a probe, and how long the probe may take; 0 = no probes. */
  probeTimeoutMs: number
  /** Longest silence of one connection mid-query, probes or not; 0 = none. */
  silentLimitMs: number
  /** The database was declared unreachable (once per outage). */
  onUnreachable?: (error: Error) => void
  /** A probe got through after the database was declared unreachable. */
  onReachable?: () => void
}

/** Something waiting on the database: a query, or a checkout of a pooled connection. */
interface Waiter {
  since: number
  /** Queries are also subject to the backstop; checkouts are bounded by the pool's own timeout. */
  query: boolean
  fail: (error: Error) => void
}

type Destroyable = { destroy: (error?: Error) => void }
type QueryFunction = (...args: unknown[]) => unknown

/** The socket pg keeps on an untyped property: the only handle that ends a silent connection. */
function socketOf(client: pg.ClientBase): Destroyable | undefined {
  return (client as unknown as { connection?: { stream?: Destroyable } }).connection?.stream
}

/** Resolves true when the server answers a fresh connection within `limitMs` (never rejects). */
async function probe(url: string, limitMs: number): Promise<boolean> {
  const client = new (pgModule().Client)({
    connectionString: url,
    connectionTimeoutMillis: limitMs,
    fallback_application_name: 'quire',
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return true
  } catch (error) {
    // The server refused (too many clients, starting up, no such database): it is there and answering.
    return error instanceof pgModule().DatabaseError
  } finally {
    client.end().catch(() => undefined)
  }
}

/**
 * Watches `pool`'s queries and checkouts as described above. Call before the pool is used; the pool's
 * `end()` also stops the watch.
 */
export function watchPoolLiveness(pool: pg.Pool, options: LivenessOptions): void {
  const { probeTimeoutMs, silentLimitMs } = options
  if (probeTimeoutMs === 0 && silentLimitMs === 0) return
  const waiters = new Set<Waiter>()
  const clients = new Set<pg.PoolClient>()
  let unreachable = false
  let lastAnswerAt = Date.now()
  let probing = false
  let lastProbeAt = 0
  let ticker: NodeJS.Timeout | undefined
  let ended = false

  const unreachableError = (): DatabaseUnreachableError =>
    new DatabaseUnreachableError(
      `no answer from the database: a fresh connection got none within ${probeTimeoutMs} ms`,
    )

  const declareUnreachable = (): void => {
    unreachable = true
    ensureTicking() // probing for the way back goes on with nothing waiting
    const error = unreachableError()
    for (const waiter of waiters) waiter.fail(error)
    waiters.clear()
    for (const client of clients) socketOf(client)?.destroy(unreachableError())
    options.onUnreachable?.(error)
  }

  const startProbe = (): void => {
    probing = true
    const startedAt = Date.now()
    lastProbeAt = startedAt
    void probe(options.url, probeTimeoutMs).then((answered) => {
      probing = false
      if (ended) return
      if (answered) {
        lastAnswerAt = Date.now()
        if (unreachable) {
          unreachable = false
          options.onReachable?.()
        }
      } else if (!unreachable && lastAnswerAt < startedAt) {
        declareUnreachable()
      }
    })
  }

  const tick = (): void => {
    const now = Date.now()
    let oldest = now
    for (const waiter of waiters) {
      if (waiter.query && silentLimitMs > 0 && now - waiter.since >= silentLimitMs) {
        waiters.delete(waiter)
        waiter.fail(new DatabaseUnreachableError(`no answer from the database within ${silentLimitMs} ms`))
      } else if (waiter.since < oldest) {
        oldest = waiter.since
      }
    }
    if (probeTimeoutMs > 0 && !probing && now - lastProbeAt >= probeTimeoutMs) {
      const silent = now - oldest >= probeTimeoutMs && now - lastAnswerAt >= probeTimeoutMs
      if (unreachable || silent) startProbe()
    }
    if (waiters.size === 0 && !unreachable && ticker !== undefined) {
      clearInterval(ticker)
      ticker = undefined
    }
  }

  // One coarse timer for every waiter instead of one per query; it only runs while something waits
  // or the database is unreachable.
  const tickMs = probeTimeoutMs > 0 ? Math.min(250, Math.max(20, Math.floor(probeTimeoutMs / 5))) : 250
  function ensureTicking(): void {
    if (ticker !== undefined || ended) return
    ticker = setInterval(tick, tickMs)
    ticker.unref()
  }
  const wait = (query: boolean, fail: (error: Error) => void): Waiter => {
    const waiter = { since: Date.now(), query, fail }
    waiters.add(waiter)
    ensureTicking()
    return waiter
  }

  pool.on('connect', (client) => {
    clients.add(client)
    client.once('end', () => clients.delete(client))
    const query = client.query.bind(client) as QueryFunction
    const watched: QueryFunction = (...args) => {
      const result = query(...args)
      if (!(result instanceof Promise)) return result
      const waiter = wait(true, (error) => socketOf(client)?.destroy(error))
      return result.then(
        (value: unknown) => {
          waiters.delete(waiter)
          lastAnswerAt = Date.now()
          return value
        },
        (error: unknown) => {
          waiters.delete(waiter)
          // An error the server sent (a constraint, the statement timeout) is an answer too.
          if (error instanceof pgModule().DatabaseError) lastAnswerAt = Date.now()
          throw error
        },
      )
    }
    client.query = watched as typeof client.query
  })

  // Kysely checks connections out with the promise form; pg's own pool.query passes a callback.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined
  pool.connect = ((callback?: unknown) => {
    if (callback !== undefined) return connect(callback)
    if (unreachable) return Promise.reject(unreachableError())
    return new Promise<pg.PoolClient>((resolve, reject) => {
      let abandoned = false
      const waiter = wait(false, (error) => {
        abandoned = true
        reject(error)
      })
      void connect()?.then(
        (client) => {
          waiters.delete(waiter)
          // Opened for a request that has already had its 503: not trusted, not kept.
          if (abandoned) client.release(true)
          else resolve(client)
        },
        (error: unknown) => {
          waiters.delete(waiter)
          if (!abandoned) reject(error instanceof Error ? error : new Error(String(error)))
        },
      )
    })
  }) as typeof pool.connect

  const end = pool.end.bind(pool)
  pool.end = () => {
    ended = true
    if (ticker !== undefined) clearInterval(ticker)
    ticker = undefined
    return end()
  }
}
