import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ServerResponse } from 'node:http'
import type { PassThrough } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import {
  dialectOf,
  listenForNotifications,
  watchCommits,
  type ChannelListener,
  type Db,
} from '../db/database.js'
import type { EventRow } from '../db/tables.js'
import { findSessionsByIds } from '../sessions/sessions.queries.js'
import { sessionExpiresAt } from '../sessions/sessions.schemas.js'
import { appendsEvents, EVENTS_CHANNEL } from './commit-notify.js'
import { CommitOrder, settledLatestEventId } from './commit-order.js'

// One hub per instance fans the outbox's events out to every stream open on it. It alone reads new
// events, by cursor from the last one it saw (never past one that may still commit, commit-order.ts),
// however many streams there are: told by PostgreSQL's NOTIFY (sent after each commit that appended
// events, commit-notify.ts; heard on a connection of its own, read again from the last cursor
// whenever it listens anew), or, on SQLite (each worker its own hub) and behind a pooler in
// transaction mode, by reading the cursor every EVENTS_POLL while it has streams; on SQLite this
// process's own commits of events wake it too. Each event's text is built once per way of seeing it
// (the resource, a post seen appearing or vanishing, one's own session), not once per stream.

/** Events read per statement. */
const BATCH = 500
/** Least time between two reads woken by this instance's own commits (SQLite). */
const LOCAL_WAKE_MS = 5
/** With notifications: a backstop read, should one be lost with its connection. */
const BACKSTOP_POLL_MS = 5000
/** Pauses before reading again while rows wait behind a cursor that may still commit. */
const GAP_RETRY_MS = [2, 5, 10, 20, 50, 100, 250]
/** Longest a new stream waits for transactions that may still commit cursors before it starts. */
const SETTLE_MAX_MS = 2000
/** How often open streams' sessions are checked (a stream ends within this once its session is gone). */
const SESSION_CHECK_MS = 2000
/** Bytes waiting for a client past which its stream is dropped. */
const MAX_WAITING_BYTES = 1024 * 1024
/** Sessions looked up per statement. */
const SESSION_LOOKUP_BATCH = 100

/** One open stream: who reads it, what it follows, and how far it has got. */
export interface Subscriber {
  readonly userId: string | null
  readonly sessionId: string | null
  /** What its slot counts against (EVENTS_STREAMS_PER_USER): the user, or the client address. */
  readonly limitKey: string
  readonly posts: boolean
  /** The `posts/{id}` topics still followed (one that lost sight of its post is dropped). */
  readonly postIds: Set<string>
  readonly me: boolean
  readonly out: PassThrough
  readonly response: ServerResponse
  /** The last event considered for it. */
  cursor: number
  /** The last cursor written in an `id:` line. */
  sentId: number
  /** Events the hub dispatched while the stream was still replaying, delivered after the replay. */
  pending: EventRow[] | null
  closed: boolean
}

/** How the hub runs: the heartbeat and the per-user (or per-address) stream limit. */
interface HubOptions {
  heartbeatMs: number
  /** How often a hub without notifications reads the outbox while it has streams (EVENTS_POLL). */
  pollMs: number
  streamsPerKey: number
  sessionLifeMs: number
  sessionAbsoluteLifeMs: number | null
}

/** The text of one event as some subscriber sees it, built at most once per dispatch. */
type Variant = 'as-is' | 'created' | 'deleted' | 'current'

/** What a subscriber receives for an event: nothing, or one of its variants. */
function variantFor(subscriber: Subscriber, row: EventRow): Variant | undefined {
  const viewer = subscriber.userId
  const seesNow = row.visibility === 'public' || viewer === row.owner_id
  if (row.type.startsWith('post.')) {
    if (!subscriber.posts && !(row.post_id !== null && subscriber.postIds.has(row.post_id))) return undefined
    if (row.previous_visibility === null) return seesNow ? 'as-is' : undefined
    const sawBefore = row.previous_visibility === 'public' || viewer === row.owner_id
    if (seesNow) return sawBefore ? 'as-is' : 'created'
    return sawBefore ? 'deleted' : undefined
  }
  if (row.type.startsWith('attachment.') || row.type.startsWith('comment.')) {
    return row.post_id !== null && subscriber.postIds.has(row.post_id) && seesNow ? 'as-is' : undefined
  }
  if (!subscriber.me || viewer !== row.owner_id) return undefined
  return row.type === 'session.created' && sessionIdOf(row) === subscriber.sessionId ? 'current' : 'as-is'
}

function sessionIdOf(row: EventRow): string | undefined {
  const match = /^\{"id":"([^"]+)"/.exec(row.payload)
  return match?.[1]
}

/** The SSE text of an event in one variant. */
function eventText(row: EventRow, variant: Variant): string {
  switch (variant) {
    case 'as-is':
      return `id: ${String(row.id)}\nevent: ${row.type}\ndata: {"data":${row.payload}}\n\n`
    case 'created':
      return `id: ${String(row.id)}\nevent: post.created\ndata: {"data":${row.payload}}\n\n`
    case 'deleted':
      return `id: ${String(row.id)}\nevent: post.deleted\ndata: ${JSON.stringify({ data: { id: row.post_id } })}\n\n`
    case 'current': {
      const session = JSON.parse(row.payload) as Record<string, unknown>
      return `id: ${String(row.id)}\nevent: ${row.type}\ndata: ${JSON.stringify({ data: { ...session, current: true } })}\n\n`
    }
  }
}

/** Whether a stream is still open (delivering an event may have ended it). */
function isOpen(subscriber: Subscriber): boolean {
  return !subscriber.closed
}

/** Whether a delivered event ends the subscriber's interest in a post (it is gone from its sight). */
function losesPost(row: EventRow, variant: Variant): boolean {
  return variant === 'deleted' || (variant === 'as-is' && row.type === 'post.deleted')
}

/** The live events' fan-out of one instance (see the top of this file). */
export class EventHub {
  readonly #db: Db
  readonly #log: FastifyBaseLogger
  readonly #options: HubOptions
  readonly #all = new Set<Subscriber>()
  readonly #postsTopic = new Set<Subscriber>()
  readonly #byPost = new Map<string, Set<Subscriber>>()
  readonly #byUser = new Map<string, Set<Subscriber>>()
  readonly #slots = new Map<string, number>()
  /** The last event read (every stream has been offered every event up to it). */
  #cursor = 0
  readonly #order: CommitOrder
  /** Reads retried while rows wait behind a gap, and the timer of the next one. */
  #gapRetries = 0
  #gapRetry: NodeJS.Timeout | undefined
  #started = false
  #resync: Promise<void> | undefined
  #listener: ChannelListener | undefined
  #reading = false
  #readAgain = false
  #poll: NodeJS.Timeout | undefined
  #localWake: NodeJS.Timeout | undefined
  #heartbeat: NodeJS.Timeout | undefined
  #sessionCheck: NodeJS.Timeout | undefined
  #ending = false
  /**
   * While a read's rows are dispatched: the text each stream is to be sent, written once at the end of
   * the batch (a write per stream per batch rather than per event, the socket's write being most of an
   * event's cost).
   */
  #outgoing: Map<Subscriber, string> | undefined

  constructor(db: Db, log: FastifyBaseLogger, options: HubOptions) {
    this.#db = db
    this.#log = log
    this.#options = options
    this.#order = new CommitOrder(db)
    // SQLite has no notifications: this process's own commits of events wake its hub (other workers'
    // are found by the poll).
    if (dialectOf(db) === 'sqlite') {
      watchCommits(db, appendsEvents, () => {
        this.#wakeForLocalCommit()
      })
    }
  }

  /** A read soon after this process committed events: one per LOCAL_WAKE_MS at most. */
  #wakeForLocalCommit(): void {
    if (this.#localWake !== undefined || this.#all.size === 0 || this.#ending) return
    this.#localWake = setTimeout(() => {
      this.#localWake = undefined
      if (this.#all.size > 0) void this.#read()
    }, LOCAL_WAKE_MS)
    this.#localWake.unref()
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.#all.size
  }

  /** Whether new streams end at once (the instance is draining or closing). */
  get ending(): boolean {
    return this.#ending
  }

  /** Takes a stream slot for `key`; false when it already has EVENTS_STREAMS_PER_USER open here. */
  takeSlot(key: string): boolean {
    const used = this.#slots.get(key) ?? 0
    if (used >= this.#options.streamsPerKey) return false
    this.#slots.set(key, used + 1)
    return true
  }

  /** Gives back a slot taken by `takeSlot` (a stream that closed, or never opened). */
  releaseSlot(key: string): void {
    const used = (this.#slots.get(key) ?? 0) - 1
    if (used <= 0) this.#slots.delete(key)
    else this.#slots.set(key, used)
  }

  /**
   * Adds a stream: live from now, or, with `resumeAfter`, first every event after that cursor it may
   * see (read from the outbox), then live, none twice and none missed in between. Writes the cursor it
   * starts from as an `id:` line of its own. Resolves once the stream follows (the replay goes on after).
   */
  async add(subscriber: Subscriber, resumeAfter?: number): Promise<void> {
    this.#start()
    const idle = this.#all.size === 0
    if (idle) await this.#catchUp()
    // Live from the outbox's newest settled event, not from wherever the hub's reading has got to.
    const from =
      resumeAfter ??
      (idle ? this.#cursor : Math.max(this.#cursor, await settledLatestEventId(this.#db, SETTLE_MAX_MS)))
    if (subscriber.closed) return
    subscriber.cursor = from
    subscriber.sentId = subscriber.cursor
    // The cursor it starts from, before any event can be written to it: a client that loses the stream
    // before its first event resumes from here instead of missing what committed meanwhile.
    this.#write(subscriber, `id: ${String(from)}\n\n`)
    if (resumeAfter !== undefined) subscriber.pending = []
    this.#index(subscriber)
    this.#timers()
    if (resumeAfter !== undefined) {
      this.#replay(subscriber).catch((error: unknown) => {
        this.#log.warn({ err: error }, 'replaying live events failed')
        this.end(subscriber)
      })
    }
  }

  /** Removes a closed stream from the hub. */
  remove(subscriber: Subscriber): void {
    if (!this.#all.delete(subscriber)) return
    this.#postsTopic.delete(subscriber)
    for (const postId of subscriber.postIds) this.#unfollowPost(subscriber, postId)
    if (subscriber.userId !== null && subscriber.me) {
      const set = this.#byUser.get(subscriber.userId)
      set?.delete(subscriber)
      if (set?.size === 0) this.#byUser.delete(subscriber.userId)
    }
    if (this.#all.size === 0) this.#stopTimers()
  }

  /** Ends every stream and every stream opened from now on (draining, closing). */
  endAll(): void {
    this.#ending = true
    for (const subscriber of this.#all) this.end(subscriber)
  }

  /** Stops listening and reading; call once the streams have ended. */
  async close(): Promise<void> {
    this.endAll()
    this.#stopTimers()
    await this.#listener?.close()
    this.#listener = undefined
  }

  /** Ends one stream cleanly (the client reconnects and resumes). */
  end(subscriber: Subscriber): void {
    if (subscriber.closed) return
    this.#flush(subscriber)
    subscriber.closed = true
    this.remove(subscriber)
    subscriber.out.end()
  }

  /**
   * Writes to a stream, dropping it instead once too much waits for a client that does not read. What
   * waits is counted before the write: a batch written at once (up to BATCH events) is not taken for a
   * client that stopped reading, but a client that has not taken 1 MiB by the next write is.
   */
  #write(subscriber: Subscriber, text: string): boolean {
    if (subscriber.closed) return false
    const waiting =
      subscriber.out.readableLength + subscriber.out.writableLength + subscriber.response.writableLength
    if (waiting <= MAX_WAITING_BYTES) return subscriber.out.write(text)
    this.#log.info({ waiting_bytes: waiting }, 'event stream dropped: its client is not reading')
    subscriber.closed = true
    this.remove(subscriber)
    subscriber.response.destroy()
    return false
  }

  /** Sends text to a stream: at once, or with the rest of the batch being dispatched. */
  #send(subscriber: Subscriber, text: string): boolean {
    const outgoing = this.#outgoing
    if (outgoing === undefined) return this.#write(subscriber, text)
    outgoing.set(subscriber, (outgoing.get(subscriber) ?? '') + text)
    return true
  }

  /** Writes what the batch being dispatched holds for one stream (before it ends). */
  #flush(subscriber: Subscriber): void {
    const text = this.#outgoing?.get(subscriber)
    if (text === undefined) return
    this.#outgoing?.delete(subscriber)
    this.#write(subscriber, text)
  }

  /** Dispatches a read's rows, then writes each stream's share of them in one write. */
  #dispatchBatch(rows: readonly EventRow[]): void {
    if (rows.length === 0) return
    const outgoing = new Map<Subscriber, string>()
    this.#outgoing = outgoing
    try {
      for (const row of rows) this.#dispatch(row)
    } finally {
      this.#outgoing = undefined
      for (const [subscriber, text] of outgoing) this.#write(subscriber, text)
    }
  }

  #index(subscriber: Subscriber): void {
    this.#all.add(subscriber)
    if (subscriber.posts) this.#postsTopic.add(subscriber)
    for (const postId of subscriber.postIds) {
      let set = this.#byPost.get(postId)
      if (set === undefined) this.#byPost.set(postId, (set = new Set()))
      set.add(subscriber)
    }
    if (subscriber.me && subscriber.userId !== null) {
      let set = this.#byUser.get(subscriber.userId)
      if (set === undefined) this.#byUser.set(subscriber.userId, (set = new Set()))
      set.add(subscriber)
    }
  }

  #unfollowPost(subscriber: Subscriber, postId: string): void {
    const set = this.#byPost.get(postId)
    set?.delete(subscriber)
    if (set?.size === 0) this.#byPost.delete(postId)
  }

  async #replay(subscriber: Subscriber): Promise<void> {
    const order = new CommitOrder(this.#db)
    try {
      for (let waits = 0; ;) {
        const { rows, waiting } = await order.read(subscriber.cursor, BATCH)
        for (const row of rows) {
          if (subscriber.closed) return
          const flowing = this.#deliver(subscriber, row, undefined)
          subscriber.cursor = row.id
          // A long replay waits for the client rather than piling up past the drop limit.
          if (!flowing && isOpen(subscriber))
            await Promise.race([once(subscriber.out, 'drain'), once(subscriber.out, 'close')])
        }
        if (waiting) {
          if (subscriber.closed) return
          await sleep(GAP_RETRY_MS[Math.min(waits++, GAP_RETRY_MS.length - 1)] ?? 250)
          continue
        }
        waits = 0
        if (rows.length < BATCH) break
      }
      for (const row of subscriber.pending ?? []) {
        if (row.id <= subscriber.cursor) continue
        this.#deliver(subscriber, row, undefined)
        subscriber.cursor = row.id
      }
    } finally {
      subscriber.pending = null
    }
  }

  /** Sends one event to one subscriber if it may see it; `texts` shares the built text between subscribers. */
  #deliver(subscriber: Subscriber, row: EventRow, texts: Map<Variant, string> | undefined): boolean {
    const variant = variantFor(subscriber, row)
    if (variant === undefined) return true
    let text = texts?.get(variant)
    if (text === undefined) {
      text = eventText(row, variant)
      texts?.set(variant, text)
    }
    const flowing = this.#send(subscriber, text)
    subscriber.sentId = row.id
    if (row.post_id !== null && losesPost(row, variant) && subscriber.postIds.delete(row.post_id)) {
      this.#unfollowPost(subscriber, row.post_id)
    }
    if (row.type === 'session.deleted' && sessionIdOf(row) === subscriber.sessionId) this.end(subscriber)
    return flowing
  }

  #dispatch(row: EventRow): void {
    const texts = new Map<Variant, string>()
    const offer = (subscribers: Set<Subscriber> | undefined): void => {
      if (subscribers === undefined) return
      for (const subscriber of subscribers) {
        if (subscriber.pending !== null) {
          subscriber.pending.push(row)
          continue
        }
        if (subscriber.cursor >= row.id) continue
        subscriber.cursor = row.id
        this.#deliver(subscriber, row, texts)
      }
    }
    if (row.type.startsWith('post.')) offer(this.#postsTopic)
    if (row.post_id !== null) offer(this.#byPost.get(row.post_id))
    if (row.type.startsWith('user.') || row.type.startsWith('session.')) offer(this.#byUser.get(row.owner_id))
    this.#cursor = row.id
  }

  /** Reads every event after the cursor and dispatches it; one read at a time. */
  async #read(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true
      return
    }
    this.#reading = true
    clearTimeout(this.#gapRetry)
    this.#gapRetry = undefined
    try {
      do {
        for (;;) {
          const { rows, waiting } = await this.#order.read(this.#cursor, BATCH)
          this.#dispatchBatch(rows)
          if (waiting) {
            this.#retryAtGap()
            break
          }
          this.#gapRetries = 0
          if (rows.length < BATCH) break
        }
      } while (this.#takeReadAgain() && this.#all.size > 0)
    } catch (error) {
      // The next notification or poll reads again from the same cursor: nothing is lost.
      this.#log.warn({ err: error }, 'reading live events failed')
    } finally {
      this.#reading = false
    }
  }

  /** Reads again shortly: rows wait behind a cursor whose transaction may still commit. */
  #retryAtGap(): void {
    if (this.#gapRetry !== undefined) return
    const delay = GAP_RETRY_MS[Math.min(this.#gapRetries++, GAP_RETRY_MS.length - 1)] ?? 250
    this.#gapRetry = setTimeout(() => {
      this.#gapRetry = undefined
      if (this.#all.size > 0) void this.#read()
    }, delay)
    this.#gapRetry.unref()
  }

  /** Whether a notification came while reading (and clears it). */
  #takeReadAgain(): boolean {
    const again = this.#readAgain
    this.#readAgain = false
    return again
  }

  /** Listens for notifications (PostgreSQL), once. */
  #start(): void {
    if (this.#started) return
    this.#started = true
    // With no stream open nothing is read: the first stream to come catches the cursor up.
    this.#listener = listenForNotifications(this.#db, EVENTS_CHANNEL, {
      onNotification: () => {
        if (this.#all.size > 0) void this.#read()
      },
      onListening: () => {
        if (this.#all.size > 0) void this.#read()
      },
    })
  }

  /** After a time without streams (and so without reading), moves the cursor to the outbox's newest event. */
  #catchUp(): Promise<void> {
    this.#resync ??= settledLatestEventId(this.#db, SETTLE_MAX_MS)
      .then((latest) => {
        if (this.#all.size === 0) this.#cursor = Math.max(this.#cursor, latest)
      })
      .finally(() => {
        this.#resync = undefined
      })
    return this.#resync
  }

  #timers(): void {
    if (this.#poll !== undefined) return
    this.#poll = setInterval(
      () => {
        void this.#read()
      },
      this.#listener === undefined ? this.#options.pollMs : BACKSTOP_POLL_MS,
    )
    this.#heartbeat = setInterval(() => {
      this.#beat()
    }, this.#options.heartbeatMs)
    this.#sessionCheck = setInterval(() => {
      this.#checkSessions().catch((error: unknown) => {
        this.#log.warn({ err: error }, 'checking event streams’ sessions failed')
      })
    }, SESSION_CHECK_MS)
    for (const timer of [this.#poll, this.#heartbeat, this.#sessionCheck]) timer.unref()
  }

  #stopTimers(): void {
    clearInterval(this.#poll)
    clearInterval(this.#heartbeat)
    clearInterval(this.#sessionCheck)
    clearTimeout(this.#gapRetry)
    clearTimeout(this.#localWake)
    this.#poll = this.#heartbeat = this.#sessionCheck = this.#gapRetry = this.#localWake = undefined
  }

  /**
   * A comment line on every stream; where events it was not shown have passed, an `id:` line too, so a
   * client resumes from there (within the retention) rather than from an event that may have aged out.
   */
  #beat(): void {
    const cursor = this.#cursor
    for (const subscriber of this.#all) {
      if (subscriber.pending === null && cursor > subscriber.sentId) {
        subscriber.sentId = cursor
        this.#write(subscriber, `: heartbeat\nid: ${String(cursor)}\n\n`)
      } else {
        this.#write(subscriber, ': heartbeat\n\n')
      }
    }
  }

  /** Ends the streams whose session was revoked or has expired (or whose account was deleted). */
  async #checkSessions(): Promise<void> {
    const bySession = new Map<string, Subscriber[]>()
    for (const subscriber of this.#all) {
      if (subscriber.sessionId === null) continue
      const list = bySession.get(subscriber.sessionId)
      if (list === undefined) bySession.set(subscriber.sessionId, [subscriber])
      else list.push(subscriber)
    }
    const ids = [...bySession.keys()]
    const now = Date.now()
    const { sessionLifeMs, sessionAbsoluteLifeMs } = this.#options
    for (let start = 0; start < ids.length; start += SESSION_LOOKUP_BATCH) {
      const batch = ids.slice(start, start + SESSION_LOOKUP_BATCH)
      const alive = new Set(
        (await findSessionsByIds(this.#db, batch))
          .filter((row) => sessionExpiresAt(row, sessionLifeMs, sessionAbsoluteLifeMs) > now)
          .map((row) => row.id),
      )
      for (const id of batch) {
        if (alive.has(id)) continue
        for (const subscriber of bySession.get(id) ?? []) this.end(subscriber)
      }
    }
  }
}
