import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import { directConnection, type Db } from '../db/database.js'
import { pgModule } from '../db/pg-module.js'

// Whether this instance is, right now, the only Quire instance on its PostgreSQL database: a cache
// of rows that only this process writes (row-cache.ts) is exact only then, because another
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
//   at once, its 'error' as much as its 'end', and whoever keeps copies is told synchronously so it
//   can drop them; so does any connection of the pool lost, or the database declared unreachable,
//   since the lock connection may not have noticed yet (a black-holed network tells nobody). A new
//   lock connection then goes through the steps above again, at once rather than after `retryMs`.
// - The lock connection is asked a trivial question every `probeMs` while it holds the key: what it
//   holds is trusted only until twice that since the last question answered was sent (checked on each
//   use, so a process frozen and woken up does not answer from copies before a timer runs), and an
//   answer that does not come in time counts as the connection lost. An instance whose lock
//   connection died without its knowing therefore stops trusting its copies within `2 * probeMs` of
//   the death, which is what the next rule waits for.
// - An instance that takes the key again (after a loss, after stepping aside, or once the others have
//   gone) trusts it only `settleMs` later (more than `2 * probeMs`): a former holder whose connection
//   died unseen has stopped using its copies by then. Until then it is neither alone nor counted.
// - While an instance is not counted among those on the database (no live hold of the key, or still
//   settling), another that is alone cannot see it: the cache holds back the answer to such an
//   instance's writes for its own life (see row-cache.ts), so no copy read before the
//   write is still used by anyone once the answer leaves.
//
// The first hold taken at start-up is trusted at once (start-up already waits for an instance that is
// alone to step aside; waiting `settleMs` more would hold up every start). What that leaves is an
// instance starting within `2 * probeMs` of another's lock connection dying unseen.
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

interface SoleInstanceOptions {
  /** A direct URL to the database (not through a pooler in transaction mode). */
  url: string
  /** Longest wait at start-up for an instance that is alone to step aside. */
  waitMs?: number
  /** How often an instance that is not alone tries again to be. */
  retryMs?: number
  connectTimeoutMs?: number
  /** How often the lock connection is asked whether it is still there while it holds the key. */
  probeMs?: number
  /** How long a hold taken again is kept before it is trusted (more than twice `probeMs`). */
  settleMs?: number
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
  #probe: NodeJS.Timeout | undefined
  /** Told synchronously whenever being alone ends. */
  readonly #notAlone = new Set<() => void>()
  /** While the start-up join runs: the hold it takes is trusted at once (see the top of this file). */
  #starting = false
  /** When the current lock connection's shared hold is trusted from; undefined while it holds none. */
  #countedFrom: number | undefined
  /** When being alone is trusted from (the exclusive hold's `settleMs`). */
  #aloneFrom = 0
  /** When the last answered question on the lock connection was sent: its hold is trusted until `2 * probeMs` later. */
  #answeredAt = 0
  /** When a lock connection was last tried at once after a loss. */
  #joinedAgainAt = -Infinity

  private constructor(options: SoleInstanceOptions) {
    const probeMs = options.probeMs ?? 500
    this.#options = {
      waitMs: 2000,
      retryMs: 5000,
      connectTimeoutMs: 2000,
      probeMs,
      settleMs: 3 * probeMs,
      ...options,
    }
  }

  /** Joins the database's instances; resolves once this instance is counted among them (or gave up waiting). */
  static async join(options: SoleInstanceOptions): Promise<SoleInstance> {
    const instance = new SoleInstance(options)
    options.trouble?.add(instance.lose)
    instance.#starting = true
    try {
      await instance.#connect()
    } finally {
      instance.#starting = false
    }
    return instance
  }

  /**
   * While this instance is alone (and its hold is trusted at `now`): a number that changes each time it
   * becomes so. Otherwise undefined.
   */
  tenure(now = Date.now()): number | undefined {
    return this.#alone && now >= this.#aloneFrom && this.#inTouch(now) ? this.#tenure : undefined
  }

  /**
   * Whether the other instances on the database can see this one right now: it holds the key on a
   * live connection, trusted (see the top of this file). While not, an instance that is alone may be
   * answering from copies this one's writes make stale.
   */
  counted(now = Date.now()): boolean {
    return this.#countedFrom !== undefined && now >= this.#countedFrom && this.#inTouch(now)
  }

  /** Calls `listener` synchronously each time being alone ends, before anything else runs. */
  whenNotAlone(listener: () => void): void {
    this.#notAlone.add(listener)
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
    this.#dropClient()
    client.end().catch(() => undefined)
    this.#joinAgain()
  }

  /** Leaves: the locks go with the connection. */
  async close(): Promise<void> {
    this.#closed = true
    this.#options.trouble?.delete(this.lose)
    this.#setAlone(false)
    clearTimeout(this.#retry)
    clearTimeout(this.#probe)
    this.#countedFrom = undefined
    await this.#client?.end().catch(() => undefined)
  }

  #setAlone(alone: boolean): void {
    if (alone === this.#alone) return
    this.#alone = alone
    if (alone) {
      this.#tenure += 1
      return
    }
    for (const listener of this.#notAlone) listener()
  }

  /** Whether the lock connection answered recently enough for its hold to be trusted at `now`. */
  #inTouch(now: number): boolean {
    return now - this.#answeredAt < 2 * this.#options.probeMs
  }

  /** Forgets the current lock connection (lost or given up): nothing it held is trusted any more. */
  #dropClient(): void {
    this.#client = undefined
    this.#countedFrom = undefined
    clearTimeout(this.#probe)
  }

  /**
   * A new lock connection, tried at once (while there is none, this instance is not counted), unless
   * the last one tried at once was lost too within `retryMs`: a server that ends every connection it
   * accepts is not asked again in a loop.
   */
  #joinAgain(): void {
    if (this.#closed) return
    const now = Date.now()
    if (now - this.#joinedAgainAt < this.#options.retryMs) {
      this.#later(() => this.#connect())
      return
    }
    this.#joinedAgainAt = now
    clearTimeout(this.#retry)
    this.#retry = setTimeout(() => {
      this.#connect().catch(() => undefined)
    }, 0)
    this.#retry.unref()
  }

  /** When a hold taken now is trusted from. */
  #trustedFrom(now: number): number {
    return this.#starting ? now : now + this.#options.settleMs
  }

  /** Asks the lock connection whether it is still there; one not answering in time counts as lost. */
  #probeLater(client: pg.Client): void {
    clearTimeout(this.#probe)
    const { probeMs } = this.#options
    this.#probe = setTimeout(() => {
      if (this.#client !== client) return
      const sentAt = Date.now()
      const late = setTimeout(() => {
        if (this.#client === client) this.lose()
      }, probeMs)
      late.unref()
      client.query('select 1').then(
        () => {
          clearTimeout(late)
          if (this.#client !== client) return
          this.#answeredAt = sentAt
          this.#probeLater(client)
        },
        () => {
          clearTimeout(late) // 'error' or 'end' follows, or has come
        },
      )
    }, probeMs)
    this.#probe.unref()
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

  async #connect(): Promise<void> {
    const client = new (pgModule().Client)({
      connectionString: this.#options.url,
      connectionTimeoutMillis: this.#options.connectTimeoutMs,
      fallback_application_name: 'quire',
    })
    this.#client = client
    // 'end' follows an error, but other callbacks (a request answered from a copy) may run in between.
    const lost = (): void => {
      if (this.#client !== client) return
      this.#setAlone(false)
      this.#dropClient()
      client.end().catch(() => undefined)
      this.#joinAgain()
    }
    client.on('error', lost)
    client.on('end', lost)
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
      await this.#join(client, this.#starting)
    } catch {
      // Unreachable for now: not alone, and asked again later ('end' follows a lost connection).
      client.end().catch(() => undefined)
      if (this.#client === client) {
        this.#dropClient()
        this.#later(() => this.#connect())
      }
    }
  }

  /** Takes the shared lock, asking an instance that is alone to step aside first; false when none answered. */
  async #joinShared(client: pg.Client, starting: boolean): Promise<boolean> {
    const deadline = Date.now() + this.#options.waitMs
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      const sentAt = Date.now()
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock_shared($1::bigint) as ok',
        [LOCK_KEY],
      )
      if (rows[0]?.ok === true) {
        if (this.#client !== client) return false
        this.#answeredAt = sentAt
        // From the answer, not the question: a former holder may have died while it was on its way.
        this.#countedFrom = this.#trustedFrom(Date.now())
        this.#probeLater(client)
        return true
      }
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
      const now = Date.now()
      this.#aloneFrom = this.#trustedFrom(now)
      this.#setAlone(true)
      const settling = this.#aloneFrom - now
      this.#options.log?.(
        'info',
        settling > 0
          ? `alone on the database; trusted so from ${String(settling)} ms on`
          : 'alone on the database',
      )
    } else {
      this.#later(() => this.#tryAlone(client))
    }
  }
}

/**
 * On PostgreSQL, joins the instances on `db`'s database and tells while this one is alone there;
 * undefined on SQLite, or when no direct URL is configured (a pooler in transaction mode without
 * DATABASE_MIGRATION_URL). Close it before the database.
 */
export async function soleInstance(
  db: Db,
  log?: (level: 'info' | 'warn', message: string) => void,
): Promise<SoleInstance | undefined> {
  const direct = directConnection(db)
  if (direct === undefined) return undefined
  return SoleInstance.join({
    url: direct.url,
    connectTimeoutMs: direct.connectTimeoutMs,
    trouble: direct.trouble,
    ...(log ? { log } : {}),
  })
}
