// Live events (`GET /v1/events`, Server-Sent Events) as a subscription with typed handlers. It reads the
// stream through fetch, not EventSource: Node 20 has no EventSource, and fetch sends the token in the
// Authorization header rather than in the URL (where proxies log it). The same code runs in browsers.
// A dropped stream is opened again with the last cursor seen, so the server replays what was missed;
// when it cannot (`reset`), the caller is told to refetch.
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { errorFromResponse, networkError, QuireError } from './errors.js'
import type { paths } from './openapi.js'

type StreamMessage = paths['/v1/events']['get']['responses'][200]['content']['text/event-stream']
type DataMessage = Exclude<StreamMessage, { event: 'reset' }>

/** The type of a live event, e.g. `comment.created`. */
export type QuireEventType = DataMessage['event']

/** One live event of type `T`: its cursor, its type and what it carries (the resource as its GET answers it). */
export interface QuireEventOf<T extends QuireEventType> {
  /** The cursor: opaque, increasing; resume after it with `lastEventId`. */
  id: string
  type: T
  data: Extract<DataMessage, { event: T }>['data']['data']
}

/** Any live event, discriminated by `type`. */
export type QuireEvent = { [T in QuireEventType]: QuireEventOf<T> }[QuireEventType]

/** A topic of `GET /v1/events`: every post you can see, one post (with its attachments and comments), or your account. */
export type Topic = 'posts' | 'me' | `posts/${string}`

/** What a subscription calls. Handlers of a type receive that type's data; `event` receives every event. */
export type EventHandlers = {
  [T in QuireEventType]?: (data: QuireEventOf<T>['data'], event: QuireEventOf<T>) => void
} & {
  /** Every event, after its type's own handler. */
  event?: (event: QuireEvent) => void
  /**
   * Events may have been missed and cannot be replayed (the cursor was unknown to the server or older than
   * its retention, or the stream dropped before any cursor was known): refetch what you show. Events follow.
   */
  reset?: () => void
  /** The stream is open: the first time, and again after each reconnection. */
  open?: () => void
  /**
   * A failure. With `retrying` the subscription connects again by itself (network lost, server restarting,
   * 429, 5xx); without, it has ended (400, 401, 404: the topics or the token are wrong).
   */
  error?: (error: QuireError, retrying: boolean) => void
}

/** Options of a subscription. */
export interface SubscribeOptions {
  /** Resume after this cursor (an event's `id` kept from earlier), replaying what came since. */
  lastEventId?: string
  /**
   * Reconnect when nothing, not even the server's heartbeat, arrives for this long (a connection that died
   * silently). Default 45 s, three of the server's default heartbeats.
   */
  idleTimeoutMs?: number
}

/** An open subscription. */
export interface Subscription {
  /** The cursor of the last event received, to resume from later (e.g. after a page reload). */
  readonly lastEventId: string | undefined
  /** Whether it has ended (closed, or refused for good). */
  readonly closed: boolean
  /** Ends the subscription and its connection; no handler is called after it. */
  close(): void
}

/** What a subscription needs from the client that made it. */
interface StreamSource {
  baseUrl: string
  fetch: (request: Request) => Promise<Response>
  token: () => string | undefined
  /** A 401 while holding this token: the client forgets it. */
  unauthorized: (token: string) => void
}

const FIRST_RETRY_MS = 1000
const MAX_RETRY_MS = 30_000
const DEFAULT_IDLE_TIMEOUT_MS = 45_000
// Far above any event Quire sends (a post's body is capped well below it); a stream past it is broken.
const MAX_EVENT_CHARS = 4 * 1024 * 1024

/** Waits `ms`, or less if `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}

/** A handler's exception must not break the stream: it surfaces as an uncaught error, as in an event listener. */
function safely(call: () => void): void {
  try {
    call()
  } catch (error) {
    queueMicrotask(() => {
      throw error
    })
  }
}

/**
 * Reads the `id:` of blocks that carry no data (the stream's opening cursor, a heartbeat's): the SSE
 * standard has them set the last event ID as any `id:` does, but eventsource-parser 3 (the release that
 * runs on Node 20) reports only blocks with data. Fed the text as it arrives, the returned function
 * answers the id of the last block that text completes when that block has no data (the parser, fed the
 * same text, handles the others), else undefined.
 */
function idsWithoutData(): (text: string) => string | undefined {
  let pending = ''
  let id: string | undefined
  let hasData = false
  return (text) => {
    pending += text
    // A CR at the very end may be the first half of a CRLF: it waits for the next piece.
    const cut = pending.endsWith('\r') ? pending.length - 1 : pending.length
    const lines = pending.slice(0, cut).split(/\r\n|\r|\n/)
    pending = (lines.pop() ?? '') + pending.slice(cut)
    let last: string | undefined
    for (const line of lines) {
      if (line === '') {
        if (id !== undefined || hasData) last = hasData ? undefined : id
        id = undefined
        hasData = false
      } else if (line === 'data' || line.startsWith('data:')) hasData = true
      else if (line === 'id' || line.startsWith('id:')) {
        const value = line.slice(3).replace(/^ /, '')
        if (!value.includes('\0')) id = value
      }
    }
    return last
  }
}

/** Opens `GET /v1/events` on `topics` and keeps it open, resuming after every drop, until closed. */
export function subscribe(
  source: StreamSource,
  topics: Topic | readonly Topic[],
  handlers: EventHandlers,
  options: SubscribeOptions = {},
): Subscription {
  const topicList = typeof topics === 'string' ? topics : topics.join(',')
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  const stopped = new AbortController()
  let lastEventId = options.lastEventId
  // Set once a stream has been open: a reconnection without a cursor may then have missed events.
  let wasOpen = false
  let retryMs = FIRST_RETRY_MS

  const isClosed = (): boolean => stopped.signal.aborted
  const close = (): void => {
    stopped.abort()
  }

  function url(): string {
    const query = new URLSearchParams({ topics: topicList })
    // The query parameter, not the Last-Event-ID header: a cross-origin header would need CORS to allow it.
    if (lastEventId !== undefined) query.set('last_event_id', lastEventId)
    return `${source.baseUrl}/v1/events?${query.toString()}`
  }

  function dispatch(message: EventSourceMessage): void {
    if (isClosed()) return
    if (message.event === 'reset') {
      // The server starts afresh: its cursor replaces ours with its next event.
      lastEventId = undefined
      if (handlers.reset) safely(handlers.reset)
      return
    }
    let body: unknown
    try {
      body = JSON.parse(message.data)
    } catch {
      body = undefined
    }
    if (message.event === undefined || typeof body !== 'object' || body === null || !('data' in body)) {
      const error = new QuireError(
        0,
        'HTTP_ERROR',
        `An event that is not Quire's: ${message.data.slice(0, 80)}`,
      )
      if (handlers.error) safely(() => handlers.error?.(error, true))
      return
    }
    if (message.id !== undefined) lastEventId = message.id
    const event = { id: message.id ?? '', type: message.event, data: body.data } as QuireEvent
    const typed = handlers[event.type] as ((data: unknown, event: QuireEvent) => void) | undefined
    if (typed)
      safely(() => {
        typed(event.data, event)
      })
    if (handlers.event) safely(() => handlers.event?.(event))
  }

  /** Reads one open stream until it ends, the connection drops, it goes idle, or the subscription closes. */
  async function read(body: ReadableStream<Uint8Array>, connection: AbortController): Promise<void> {
    const parser = createParser({
      onEvent: dispatch,
      onRetry: (ms) => {
        retryMs = Math.min(Math.max(ms, 0), MAX_RETRY_MS)
      },
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') connection.abort()
      },
      maxBufferSize: MAX_EVENT_CHARS,
    })
    const idOnly = idsWithoutData()
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let idle: ReturnType<typeof setTimeout> | undefined
    const watch = (): void => {
      clearTimeout(idle)
      idle = setTimeout(() => {
        connection.abort()
      }, idleTimeoutMs)
    }
    try {
      watch()
      for (;;) {
        const { done, value } = await reader.read()
        if (done || isClosed()) return
        watch()
        const text = decoder.decode(value, { stream: true })
        parser.feed(text)
        lastEventId = idOnly(text) ?? lastEventId
      }
    } finally {
      clearTimeout(idle)
      reader.releaseLock()
    }
  }

  /** Whether to connect again after a connection ends, and how soon at the least. */
  type Outcome = { stop: true } | { stop: false; opened: boolean; afterMs?: number }

  /** One connection: opened, then read to its end. */
  async function connect(): Promise<Outcome> {
    const connection = new AbortController()
    const stop = (): void => {
      connection.abort()
    }
    stopped.signal.addEventListener('abort', stop)
    const token = source.token()
    let opened = false
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' }
      if (token !== undefined) headers['authorization'] = `Bearer ${token}`
      const response = await source.fetch(new Request(url(), { headers, signal: connection.signal }))
      if (!response.ok || response.body === null) {
        const body: unknown = await response.json().catch(() => undefined)
        const error = errorFromResponse(response, body, 'GET /v1/events')
        if (response.status === 401 && token !== undefined) source.unauthorized(token)
        const retrying = response.status === 429 || response.status >= 500
        if (handlers.error) safely(() => handlers.error?.(error, retrying))
        if (!retrying) return { stop: true }
        const retryAfterS = Number(response.headers.get('retry-after'))
        return retryAfterS > 0
          ? { stop: false, opened, afterMs: retryAfterS * 1000 }
          : { stop: false, opened }
      }
      opened = true
      if (wasOpen && lastEventId === undefined && handlers.reset) safely(handlers.reset)
      wasOpen = true
      if (handlers.open) safely(handlers.open)
      await read(response.body, connection)
      return { stop: false, opened }
    } catch (cause) {
      if (!isClosed() && handlers.error) {
        const error = networkError(cause)
        safely(() => handlers.error?.(error, true))
      }
      return { stop: false, opened }
    } finally {
      stopped.signal.removeEventListener('abort', stop)
      connection.abort()
    }
  }

  async function run(): Promise<void> {
    let failures = 0
    while (!isClosed()) {
      const outcome = await connect()
      if (outcome.stop) {
        close()
        return
      }
      failures = outcome.opened ? 0 : failures + 1
      // Doubled for each failure in a row, and spread, so the clients of a restarted server do not all
      // come back at once.
      const backoffMs = Math.min(retryMs * 2 ** Math.min(Math.max(failures - 1, 0), 5), MAX_RETRY_MS)
      await pause(Math.max(outcome.afterMs ?? 0, backoffMs * (0.5 + Math.random() / 2)), stopped.signal)
    }
  }

  void run()
  return {
    get lastEventId() {
      return lastEventId
    },
    get closed() {
      return isClosed()
    },
    close,
  }
}
