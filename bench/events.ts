// `npm run bench -- --events`: what live events cost one instance. Many open streams (the server's
// resident memory before and after them), the time from a comment's commit to its arrival on every one
// of them, and the comment write's throughput with no stream open and with all of them open, in the same
// rounds, so the ratio holds on a loaded machine. It stands apart from the scenarios: a stream is not a
// request shape, and the streams are held by this process over real sockets.
import { readdirSync } from 'node:fs'
import { get as httpGet, type IncomingMessage } from 'node:http'
import { dirname, join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { Db } from '../src/db/database.js'
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../src/db/migrate.js'
import { drive, type RequestShape } from './load.js'
import { median, startQuire } from './measure.js'
import { BASELINE_SCRIPT, CONNECTIONS, CPU_PROF, DURATION_S, PROFILE_DIR, QUICK, ROUNDS } from './options.js'
import { scenarios } from './scenarios.js'
import type { SeededData } from './seed.js'
import { residentMiB, startQuire as startServer, type RunningServer } from './server.js'

/** Streams held open: a thousand, as the issue asks (a hundred in the quick setting). */
const STREAMS = Number(process.env['BENCH_STREAMS'] ?? (QUICK ? 100 : 1000))
/** Comments whose arrival on every stream is timed. */
const PROBES = QUICK ? 3 : 20
/** Every stream is the bench user's: the per-user stream limit is lifted to its maximum. */
const EVENTS_SERVER_ENV = { EVENTS_STREAMS_PER_USER: '10000' }
/** Unmeasured load on a newly started server (its pool, prepared statements and JIT warm up). */
const WARM_UP_S = QUICK ? 1 : 2
/** What marks a comment's event on a stream. */
const DELIVERY_MARKER = 'event: comment.created'
/** How long a probe may take to reach every stream before the missing ones count as missed. */
const PROBE_DEADLINE_MS = 10_000

/** What `--events` measured. */
export interface EventsFigures {
  streams: number
  rss: { beforeMiB: number; afterMiB: number; perStreamKiB: number }
  latency: { probes: number; deliveries: number; missed: number; p50Ms: number; p99Ms: number; maxMs: number }
  writes: {
    /** Median comment writes per second with no stream open, and with every stream open. */
    noneRps: number
    withStreamsRps: number
    /** 1 − with ÷ none: the share of the write throughput that the outbox and the open streams take. */
    streamsCost: number
    noneCpuMicros: number
    withStreamsCpuMicros: number
    /** BENCH_BASELINE's build (e.g. main's) in the same rounds, with no stream: `noneToBaseline` is ours ÷ its. */
    baseline?: { script: string; rps: number; cpuMicros: number; noneToBaseline: number }
    failures: number
    /** Every round's figures, of which the ones above are medians. */
    rounds: Record<'none' | 'withStreams' | 'baseline', Array<{ rps: number; cpu: number }>>
    /** Written comments whose event reached the one stream following the written post, of those written. */
    delivered: number
    written: number
  }
}

/** Wall-clock milliseconds with a fraction, comparable with the server's timestamps on this machine. */
function nowMs(): number {
  return performance.timeOrigin + performance.now()
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0
}

/** Open event streams over real sockets; every chunk each one receives goes to `onText`. */
class Streams {
  readonly #responses: IncomingMessage[] = []
  onText: (index: number, text: string) => void = () => undefined

  constructor(
    readonly base: URL,
    readonly headers: Record<string, string>,
    readonly topicsOf: (index: number) => string,
  ) {}

  get size(): number {
    return this.#responses.length
  }

  #open(index: number): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const request = httpGet(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: `/v1/events?topics=${encodeURIComponent(this.topicsOf(index))}`,
          headers: { accept: 'text/event-stream', ...this.headers },
          agent: false,
        },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume()
            reject(new Error(`GET /v1/events answered ${String(response.statusCode)}`))
            return
          }
          response.setEncoding('utf8')
          response.on('data', (text: string) => {
            this.onText(index, text)
          })
          resolve(response)
        },
      )
      request.on('error', reject)
    })
  }

  /** Opens streams until `count` are open, fifty at a time. */
  async open(count: number): Promise<void> {
    while (this.#responses.length < count) {
      const batch = Math.min(50, count - this.#responses.length)
      const start = this.#responses.length
      this.#responses.push(
        ...(await Promise.all(Array.from({ length: batch }, (_, offset) => this.#open(start + offset)))),
      )
    }
  }

  /** Closes every stream, and gives the server a moment to notice. */
  async close(): Promise<void> {
    for (const response of this.#responses.splice(0)) response.destroy()
    await delay(500)
  }
}

/** Public posts other than the bench's own: one for each stream to follow, and one for the probes. */
async function publicPosts(db: Db, data: SeededData, count: number): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('visibility', '=', 'public')
    .where('id', '!=', data.postId)
    .orderBy('id')
    .limit(count)
    .execute()
  if (rows.length < count) throw new Error(`the data set has fewer than ${String(count)} public posts`)
  return rows.map((row) => row.id)
}

/** How many comments `postId` has (the write rounds' count of what they wrote). */
async function commentCount(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number | string>().as('count')) // a string on PostgreSQL (bigint)
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Writes a comment on `postId` and answers its `created_at` in milliseconds: the write's commit, near enough. */
async function comment(
  base: string,
  auth: Record<string, string>,
  postId: string,
  body: string,
): Promise<number> {
  const response = await fetch(`${base}/v1/posts/${postId}/comments`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  })
  const answer = (await response.json()) as { data?: { created_at?: string } }
  if (response.status !== 201 || answer.data?.created_at === undefined) {
    throw new Error(`POST /v1/posts/{id}/comments answered ${String(response.status)}`)
  }
  return Date.parse(answer.data.created_at)
}

/** Times PROBES comments on `postId` from commit to arrival on every stream (all of which follow it). */
async function probeLatency(
  server: RunningServer,
  auth: Record<string, string>,
  streams: Streams,
  postId: string,
): Promise<EventsFigures['latency']> {
  const latencies: number[] = []
  let missed = 0
  for (let probe = 0; probe < PROBES; probe++) {
    const marker = `latency probe ${String(probe)} ${String(Math.random()).slice(2)}`
    const arrivals = new Map<number, number>()
    streams.onText = (index, text) => {
      if (!arrivals.has(index) && text.includes(marker)) arrivals.set(index, nowMs())
    }
    const committedAt = await comment(server.base, auth, postId, marker)
    const deadline = Date.now() + PROBE_DEADLINE_MS
    while (arrivals.size < streams.size && Date.now() < deadline) await delay(5)
    missed += streams.size - arrivals.size
    for (const arrivedAt of arrivals.values()) latencies.push(arrivedAt - committedAt)
    await delay(100)
  }
  streams.onText = () => undefined
  const sorted = latencies.sort((a, b) => a - b)
  const round = (value: number): number => Number(value.toFixed(1))
  return {
    probes: PROBES,
    deliveries: sorted.length,
    missed,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  }
}

/**
 * Starts BASELINE_SCRIPT, another build (e.g. main's), on the same data. The migrations it does not
 * know are rolled back (their `down`, newest first) so that it runs on the schema it was built for;
 * `restore` applies them again once it has stopped.
 */
async function startBaseline(db: Db, databaseUrl: string, script: string): Promise<RunningServer> {
  const known = new Set(
    readdirSync(join(dirname(script), 'db', 'migrations'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.slice(0, -'.js'.length)),
  )
  const newestKnown = MIGRATION_NAMES.filter((name) => known.has(name)).at(-1)
  if (newestKnown === undefined) throw new Error(`${script} knows none of this build's migrations`)
  await migrateTo(db, newestKnown)
  // Profiled as the build under measurement is (--cpu-prof), so the two profiles compare.
  return startServer(script, databaseUrl, 1, CPU_PROF ? `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` : '')
}

/** One measured round of the write: its throughput and the server's CPU per write. */
interface WriteRound {
  rps: number
  cpu: number
}

/**
 * The comment write with no stream and with every stream open, in every round and in turn first, on a
 * server started for the round; with BENCH_BASELINE, the other build's in the same rounds. Counts what
 * reached the stream that follows the written post.
 */
async function writeRounds(
  db: Db,
  databaseUrl: string,
  postId: string,
  write: RequestShape,
  streamsOn: (server: RunningServer) => Streams,
): Promise<EventsFigures['writes']> {
  const measured: Record<'none' | 'withStreams' | 'baseline', WriteRound[]> = {
    none: [],
    withStreams: [],
    baseline: [],
  }
  let failures = 0
  let delivered = 0
  let written = 0
  const measure = async (server: RunningServer, into: WriteRound[]): Promise<void> => {
    const figures = await drive(server.base, write, CONNECTIONS, DURATION_S, server.child.pid)
    failures += figures.failures
    into.push({ rps: figures.requestsPerSecond, cpu: figures.cpuMicrosPerRequest ?? 0 })
  }
  const measureBaseline = async (): Promise<void> => {
    if (BASELINE_SCRIPT === undefined) return
    const baseline = await startBaseline(db, databaseUrl, BASELINE_SCRIPT)
    try {
      await drive(baseline.base, write, CONNECTIONS, WARM_UP_S)
      await measure(baseline, measured.baseline)
    } finally {
      await baseline.stop()
      await migrateToLatest(db)
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Every write grows the one database, so each build goes first in every other round.
    if (round % 2 === 0) await measureBaseline()
    const server = await startQuire(databaseUrl, 1, EVENTS_SERVER_ENV)
    try {
      const streams = streamsOn(server)
      await drive(server.base, write, CONNECTIONS, WARM_UP_S)
      for (const open of round % 2 === 0 ? [false, true] : [true, false]) {
        if (!open) {
          await measure(server, measured.none)
          continue
        }
        await streams.open(STREAMS)
        // Stream 0 follows the written post: it receives every comment event of the round. The hub
        // writes a read's events at once, so a chunk may end inside a marker: the end is carried over.
        let carried = ''
        streams.onText = (index, text) => {
          if (index !== 0) return
          const seen = carried + text
          delivered += seen.split(DELIVERY_MARKER).length - 1
          carried = seen.slice(-(DELIVERY_MARKER.length - 1))
        }
        const before = await commentCount(db, postId)
        await measure(server, measured.withStreams)
        // Answers still on their way when the load stops, then the events still on theirs: a lag is
        // waited out (up to PROBE_DEADLINE_MS), so only an event that never comes counts as missing.
        await delay(1000)
        written += (await commentCount(db, postId)) - before
        const deadline = Date.now() + PROBE_DEADLINE_MS
        while (delivered < written && Date.now() < deadline) await delay(50)
        streams.onText = () => undefined
        await streams.close()
      }
    } finally {
      await server.stop()
    }
    if (round % 2 === 1) await measureBaseline()
  }
  const rps = (rounds: WriteRound[]): number => median(rounds.map((figures) => figures.rps))
  const cpu = (rounds: WriteRound[]): number => median(rounds.map((figures) => figures.cpu))
  const noneRps = rps(measured.none)
  const withStreamsRps = rps(measured.withStreams)
  return {
    noneRps,
    withStreamsRps,
    streamsCost: Number((1 - withStreamsRps / noneRps).toFixed(3)),
    noneCpuMicros: cpu(measured.none),
    withStreamsCpuMicros: cpu(measured.withStreams),
    ...(measured.baseline.length === 0
      ? {}
      : {
          baseline: {
            script: BASELINE_SCRIPT ?? '',
            rps: rps(measured.baseline),
            cpuMicros: cpu(measured.baseline),
            noneToBaseline: Number((noneRps / rps(measured.baseline)).toFixed(3)),
          },
        }),
    failures,
    delivered,
    written,
    rounds: measured,
  }
}

/** The whole `--events` measurement on one instance of the build under measurement. */
export async function eventsRun(db: Db, databaseUrl: string, data: SeededData): Promise<EventsFigures> {
  const auth = { authorization: `Bearer ${data.benchToken}` }
  const [probePost = '', ...ownPosts] = await publicPosts(db, data, STREAMS)
  // Each stream follows the feed, a post of its own and the probe post; stream 0's own is the post the
  // write rounds comment on, so a write's event goes to one stream and the hub weighs it for all.
  const streamsOn = (server: RunningServer): Streams =>
    new Streams(new URL(server.base), auth, (index) =>
      [
        'posts',
        `posts/${probePost}`,
        `posts/${index === 0 ? data.postId : (ownPosts[index - 1] ?? '')}`,
      ].join(','),
    )
  const write = scenarios(data, '').find((scenario) => scenario.key === 'comment_write')
  if (write === undefined) throw new Error('the comment_write scenario is missing')

  const server = await startQuire(databaseUrl, 1, EVENTS_SERVER_ENV)
  let rss: EventsFigures['rss']
  let latency: EventsFigures['latency']
  try {
    const streams = streamsOn(server)
    // Warm up what a stream runs through before the memory is read.
    await streams.open(20)
    await comment(server.base, auth, probePost, 'warm-up')
    await streams.close()
    await delay(1000)
    const beforeMiB = residentMiB(server.child.pid).rss
    await streams.open(STREAMS)
    await delay(2000)
    const afterMiB = residentMiB(server.child.pid).rss
    rss = { beforeMiB, afterMiB, perStreamKiB: Math.round(((afterMiB - beforeMiB) * 1024) / STREAMS) }
    latency = await probeLatency(server, auth, streams, probePost)
    await streams.close()
  } finally {
    await server.stop()
  }
  const writes = await writeRounds(db, databaseUrl, data.postId, write.request, streamsOn)
  return { streams: STREAMS, rss, latency, writes }
}
