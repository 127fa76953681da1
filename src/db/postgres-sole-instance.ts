import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import { pgModule } from './pg-module.js'

// Whether this instance is, right now, the only Quire instance on its PostgreSQL database: a cache
// of rows that only this process writes (the session cache) is exact only then, because another
// instance's writes are unseen. Settled with two advisory locks on one key, held by a connection of
// its own:
//
// - Every instance holds the key in shared mode for as long as it runs, so each can see the others.
// - An instance that also gets the key in exclusive mode (granted only when no other session holds it
//   in any mode) is alone, and stays so until another instance arrives: nobody else can take the
//   shared lock while it holds the exclusive one.
// - An arriving instance that cannot take the shared lock asks the holder to step aside with a
//   NOTIFY, then tries again. The holder stops using its copies at once (synchronously, before
//   anything else runs) and then gives up the exclusive lock. Start-up waits for that, so the new
//   instance writes nothing before the old one has stopped trusting its copies.
// - An instance that is not alone tries again for the exclusive lock now and then: when the others
//   have gone, it is alone again.
// - A lost lock connection (an outage, the server restarting, an admin ending it) ends being alone
//   at once; so does any connection of the pool lost, or the database declared unreachable, since the
//   lock connection may not have noticed yet (a black-holed network tells nobody). A new lock
//   connection then goes through the steps above again.
//
// The lock connection must reach PostgreSQL itself: a pooler in transaction mode (PgBouncer) moves
// sessions between server connections, where session locks and LISTEN mean nothing. Callers pass
// the direct URL (DATABASE_MIGRATION_URL when a pooler is in front).
//
// What this cannot see is an instance that holds the exclusive lock and does not answer (stopped
// under a debugger): an arriving instance then starts after `waitMs` and says so in the log. The
// copies of the stopped one are bounded by the cache's own life.

/** The advisory lock key (a bigint; arbitrary, but not Kysely's migration lock). */
export const SOLE_INSTANCE_LOCK_KEY = '7417117017001'
const LOCK_KEY = SOLE_INSTANCE_LOCK_KEY
const CHANNEL = 'quire_sole_instance'

export interface SoleInstanceOptions {
  /** A direct URL to the database (not through a pooler in transaction mode). */
  url: string
  /** Longest wait at start-up for an instance that is alone to step aside. */
  waitMs?: number
  /** How often an instance that is not alone tries again to be. */
  retryMs?: number
  connectTimeoutMs?: number
  /**
   * Where the database layer keeps what it calls when one of its connections is lost or it declares
   * the database unreachable: this instance then stops being alone at once, and joins again later.
   */
  trouble?: Set<() => void>
  /** Told when being alone ends or begins again, and when an arriving instance was not answered. */
  log?: (level: 'info' | 'warn', message: string) => void
}

/** Whether this instance is alone on its database (see the top of this file). */
export class SoleInstance {
  readonly #options: Required<Omit<SoleInstanceOptions, 'log' | 'trouble'>> &
    Pick<SoleInstanceOptions, 'log' | 'trouble'>
  #client: pg.Client | undefined
  /** Counts the times this instance became alone: copies from an earlier time are not trusted. */
  #tenure = 0
  #alone = false
  #closed = false
  #trying = false
  #retry: NodeJS.Timeout | undefined

  private constructor(options: SoleInstanceOptions) {
    this.#options = { waitMs: 2000, retryMs: 5000, connectTimeoutMs: 2000, ...options }
  }

  /** Joins the database's instances; resolves once this instance is counted among them (or gave up waiting). */
  static async join(options: SoleInstanceOptions): Promise<SoleInstance> {
    const instance = new SoleInstance(options)
    options.trouble?.add(instance.lose)
    await instance.#connect(true)
    return instance
  }

  /** While this instance is alone: a number that changes each time it becomes so. Otherwise undefined. */
  tenure(): number | undefined {
    return this.#alone ? this.#tenure : undefined
  }

  /**
   * Stops being alone now (the database was declared unreachable, say); being alone is asked for again
   * later. Bound, so that the database layer's "trouble" set can hold it as it is.
   */
  readonly lose = (): void => {
    this.#setAlone(false)
    const client = this.#client
    if (client === undefined) return // already lost, and joining again later
    // Not waited for: on a black-holed network the goodbye never arrives. The old connection's locks
    // keep the next one from being alone until the server has ended it.
    this.#client = undefined
    client.end().catch(() => undefined)
    this.#later(() => this.#connect(false))
  }

  /** Leaves: the locks go with the connection. */
  async close(): Promise<void> {
    this.#closed = true
    this.#options.trouble?.delete(this.lose)
    this.#setAlone(false)
    clearTimeout(this.#retry)
    await this.#client?.end().catch(() => undefined)
  }

  #setAlone(alone: boolean): void {
    if (alone === this.#alone) return
    this.#alone = alone
    if (alone) this.#tenure += 1
  }

  #later(step: () => Promise<void>): void {
    if (this.#closed) return
    clearTimeout(this.#retry)
    // Spread, so instances that left together do not all ask at the same moment.
    this.#retry = setTimeout(
      () => {
        step().catch(() => undefined)
      },
      this.#options.retryMs * (0.75 + Math.random() / 2),
    )
    this.#retry.unref()
  }

  async #connect(starting: boolean): Promise<void> {
    const client = new (pgModule().Client)({
      connectionString: this.#options.url,
      connectionTimeoutMillis: this.#options.connectTimeoutMs,
      fallback_application_name: 'quire',
    })
    this.#client = client
    client.on('error', () => undefined) // followed by 'end'
    client.on('end', () => {
      if (this.#client !== client) return
      this.#setAlone(false)
      this.#client = undefined
      this.#later(() => this.#connect(false))
    })
    client.on('notification', (message) => {
      // Its own asking comes back too, but only while it is not alone itself.
      if (message.channel !== CHANNEL || !this.#alone) return
      // Before anything else runs: from here on no copy is used, then the arriving instance may go on.
      this.#setAlone(false)
      this.#options.log?.('info', 'another instance joined the database: no longer alone on it')
      client.query('select pg_advisory_unlock($1::bigint)', [LOCK_KEY]).catch(() => undefined)
      this.#later(() => this.#tryAlone(client))
    })
    try {
      await client.connect()
      await client.query(`listen ${CHANNEL}`)
      await this.#join(client, starting)
    } catch {
      // Unreachable for now: not alone, and asked again later ('end' follows a lost connection).
      client.end().catch(() => undefined)
      if (this.#client === client) {
        this.#client = undefined
        this.#later(() => this.#connect(false))
      }
    }
  }

  /** Takes the shared lock, asking an instance that is alone to step aside first; false when none answered. */
  async #joinShared(client: pg.Client, starting: boolean): Promise<boolean> {
    const deadline = Date.now() + this.#options.waitMs
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock_shared($1::bigint) as ok',
        [LOCK_KEY],
      )
      if (rows[0]?.ok === true) return true
      // Sent again on every try: an instance that became alone just after one was sent heard nothing.
      await client.query('select pg_notify($1, $2)', [CHANNEL, 'step aside'])
      if (Date.now() >= deadline) break
      await sleep(pause)
    }
    if (starting) {
      this.#options.log?.(
        'warn',
        `an instance alone on the database did not step aside within ${this.#options.waitMs} ms; starting anyway ` +
          '(what it caches stays in use for at most its cache life)',
      )
    }
    // Keep asking in the background: once the other answers, this instance holds the shared lock too.
    // Not for a connection already given up, whose retry would take the place of the new one's.
    if (this.#client === client) this.#later(() => this.#join(client, false))
    return false
  }

  async #join(client: pg.Client, starting: boolean): Promise<void> {
    if (await this.#joinShared(client, starting)) await this.#tryAlone(client)
  }

  /** Takes the exclusive lock if no other instance holds the key; asks again later otherwise. */
  async #tryAlone(client: pg.Client): Promise<void> {
    if (this.#closed || this.#client !== client || this.#alone || this.#trying) return
    // One try at a time: two granted tries would hold the lock twice, and stepping aside releases once.
    this.#trying = true
    let rows: Array<{ ok: boolean }>
    try {
      rows = (
        await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [LOCK_KEY])
      ).rows
    } finally {
      this.#trying = false
    }
    if (this.#client !== client) return
    if (rows[0]?.ok === true) {
      this.#setAlone(true)
      this.#options.log?.('info', 'alone on the database')
    } else {
      this.#later(() => this.#tryAlone(client))
    }
  }
}
