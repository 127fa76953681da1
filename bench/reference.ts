// The benchmark's reference floor: the least any server on this stack (Node.js + Fastify +
// better-sqlite3) must do for each scenario. In its own process, on the benchmark's SQLite file, it
// reads the bearer token and hashes it (both once per token, as Quire's caches do),
// runs the scenario's unavoidable statements — the very SQL
// Quire sends, recorded once at start-up from Quire's own query functions and prepared here as plain
// better-sqlite3 statements — and answers what Quire answered: status, content type and body as the
// bare server does, and Quire's response headers (the contract's X-Request-Id, made afresh for each
// answer, the security headers, ETags), which every answer from Quire must carry. Fastify runs with
// no logger, hooks or schemas. So bare → reference is what Fastify, the hash, the SQL and the headers
// cost, and reference → Quire is Quire's own logic (and the JSON it builds, which the reference does
// not: it copies Quire's). A measuring instrument, not product code.
//
//   node --import tsx bench/reference.ts      with PORT, HOST, REFERENCE_DATABASE (the SQLite file),
//                                            REFERENCE_BODY (a file), REFERENCE_STATUS, REFERENCE_CONTENT_TYPE,
//                                            REFERENCE_HEADERS (JSON),
//                                            and REFERENCE_WORKERS (processes sharing the port, as WORKERS=N)
import cluster from 'node:cluster'
import { hash, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import SQLite from 'better-sqlite3'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely'
import { pino } from 'pino'
import { findPostWithAttachment, readAttachmentChunk } from '../src/attachments/attachments.queries.js'
import { superviseWorkers } from '../src/cluster.js'
import { insertComment, listPostComments } from '../src/comments/comments.queries.js'
import type { Db } from '../src/db/database.js'
import type { Tables } from '../src/db/tables.js'
import { newId } from '../src/ids.js'
import { findPostById, listPostsVisibleTo, listPublicPosts } from '../src/posts/posts.queries.js'
import { findSessionWithUserByTokenHash } from '../src/sessions/sessions.queries.js'
import type { CapturedAnswer } from './load.js'
import { startServerProcess, type ServerProcess } from './server-process.js'

/** One of Quire's statements, prepared here; `values` fill the places of its request-dependent values. */
interface Statement<K extends string> {
  get(values: Record<K, unknown>): unknown[] | undefined
  all(values: Record<K, unknown>): unknown[][]
  run(values: Record<K, unknown>): void
  /** Where a result column sits in a row. */
  column(name: string): number
}

/** Compiles Quire's queries without running them: the SQL and parameters of the last one called. */
function recorder(): { db: Db; last: () => CompiledQuery } {
  let recorded: CompiledQuery | undefined
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event) => {
      recorded = event.query
    },
  })
  return {
    db,
    last: () => {
      if (recorded === undefined) throw new Error('the query function sent no query')
      return recorded
    },
  }
}

/**
 * Calls one of Quire's query functions with `markers` (distinct stand-in values) on the recorder,
 * prepares the SQL it sent, and binds each request's values where the markers were. Fails when a
 * marker never reached the SQL: the query function has changed shape.
 */
async function quireStatement<K extends string>(
  sqlite: SQLite.Database,
  call: (db: Db) => Promise<unknown>,
  markers: Record<K, string | number>,
): Promise<Statement<K>> {
  const { db, last } = recorder()
  await call(db)
  const query = last()
  const names = new Map<unknown, K>()
  for (const name in markers) names.set(markers[name], name)
  const slots = query.parameters.map((value) => ({ name: names.get(value), value }))
  for (const name in markers) {
    if (!slots.some((slot) => slot.name === name)) throw new Error(`${name} is not bound in ${query.sql}`)
  }
  const bind = (values: Record<K, unknown>): unknown[] =>
    slots.map((slot) => (slot.name === undefined ? slot.value : values[slot.name]))
  const statement = sqlite.prepare(query.sql)
  if (statement.reader) statement.raw(true)
  return {
    get: (values) => statement.get(bind(values)) as unknown[] | undefined,
    all: (values) => statement.all(bind(values)) as unknown[][],
    run: (values) => {
      statement.run(bind(values))
    },
    column: (name) => {
      const index = statement.columns().findIndex((column) => column.name === name)
      if (index < 0) throw new Error(`no column ${name} in ${query.sql}`)
      return index
    },
  }
}

// Stand-ins for request values while recording: unlike any value the statements hold themselves.
const LIMIT_MARKER = 900_000
const OFFSET_MARKER = 900_100
const NOW_MARKER = 900_200
const mark = (name: string): string => `\u0000${name}`

/** Quire's statements for the scenarios, prepared on `sqlite`. */
async function statements(sqlite: SQLite.Database) {
  const page = { limit: LIMIT_MARKER }
  const fetch = LIMIT_MARKER + 1
  return {
    auth: await quireStatement(sqlite, (db) => findSessionWithUserByTokenHash(db, mark('tokenHash')), {
      tokenHash: mark('tokenHash'),
    }),
    post: await quireStatement(sqlite, (db) => findPostById(db, mark('id')), { id: mark('id') }),
    publicFeed: await quireStatement(sqlite, (db) => listPublicPosts(db, page, false), { fetch }),
    visibleFeed: await quireStatement(sqlite, (db) => listPostsVisibleTo(db, mark('userId'), page, false), {
      userId: mark('userId'),
      fetch,
    }),
    visibleFeedAfter: await quireStatement(
      sqlite,
      (db) => listPostsVisibleTo(db, mark('userId'), { ...page, afterId: mark('afterId') }, false),
      { userId: mark('userId'), fetch, afterId: mark('afterId') },
    ),
    visibleFeedAt: await quireStatement(
      sqlite,
      (db) => listPostsVisibleTo(db, mark('userId'), { ...page, offset: OFFSET_MARKER }, false),
      { userId: mark('userId'), fetch, offset: OFFSET_MARKER },
    ),
    comments: await quireStatement(
      sqlite,
      (db) => listPostComments(db, mark('postId'), page, { all: false, ownerId: undefined }),
      {
        postId: mark('postId'),
        fetch,
      },
    ),
    insertComment: await quireStatement(
      sqlite,
      (db) =>
        insertComment(db, {
          id: mark('id'),
          post_id: mark('postId'),
          attachment_id: null,
          user_id: mark('userId'),
          body: mark('body'),
          version: 1,
          created_at: NOW_MARKER,
          updated_at: NOW_MARKER,
        }),
      { id: mark('id'), postId: mark('postId'), userId: mark('userId'), body: mark('body'), now: NOW_MARKER },
    ),
    postWithAttachment: await quireStatement(
      sqlite,
      (db) => findPostWithAttachment(db, mark('postId'), mark('id')),
      { postId: mark('postId'), id: mark('id') },
    ),
    // The 100 KB file is one stored chunk: the one holding its first byte.
    content: await quireStatement(sqlite, (db) => readAttachmentChunk(db, mark('id'), 0), { id: mark('id') }),
  }
}

function fail(statusCode: number, message: string): never {
  throw Object.assign(new Error(message), { statusCode })
}

/** Serves the reference floor until SIGTERM (the process's entry point). */
async function serve(): Promise<void> {
  const env = (name: string): string => {
    const value = process.env[name]
    if (value === undefined) throw new Error(`${name} is not set`)
    return value
  }
  const body = readFileSync(env('REFERENCE_BODY'))
  const status = Number(env('REFERENCE_STATUS'))
  const contentType = env('REFERENCE_CONTENT_TYPE')
  // Quire's headers as captured, except the request ID, which every answer gets afresh as Quire's do.
  const headers = Object.entries(JSON.parse(env('REFERENCE_HEADERS')) as Record<string, string>).filter(
    ([name]) => name !== 'x-request-id',
  )
  // Quire's pragmas (src/db/database.ts), on the same file while Quire has it open too.
  const sqlite = new SQLite(env('REFERENCE_DATABASE'))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  const q = await statements(sqlite)
  const authUserId = q.auth.column('id')
  const postVisibility = q.post.column('visibility')
  const postAuthor = q.post.column('user_id')
  const joinedVisibility = q.postWithAttachment.column('p_visibility')
  const joinedAuthor = q.postWithAttachment.column('p_user_id')
  const joinedAttachment = q.postWithAttachment.column('id')

  // As Quire's session cache: a session read once answers from memory while nothing writes the
  // sessions or users tables (nothing does during a scenario), so the lookup runs for a token's first
  // request only; kept by the token itself, so a token is hashed once too, as Quire's TokenHashes
  // do. Several processes first ask SQLite whether another one committed since (its
  // data_version), as Quire's workers do.
  const sessions = new Map<string, { userId: string; dataVersion: number }>()
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  const askOthers = Number(process.env['REFERENCE_WORKERS'] ?? '1') > 1

  /** The signed-in user's ID, or undefined without a token; a token without a session is a 401. */
  function caller(request: FastifyRequest): string | undefined {
    const header = request.headers.authorization
    if (header === undefined) return undefined
    if (!header.startsWith('Bearer ')) fail(401, 'not a bearer token')
    const token = header.slice(7)
    const version = askOthers ? (dataVersion.get() as number) : 0
    const known = sessions.get(token)
    if (known !== undefined && known.dataVersion === version) return known.userId
    const session = q.auth.get({ tokenHash: hash('sha256', token, 'hex') })
    if (session === undefined) fail(401, 'no such session')
    const userId = session[authUserId] as string
    sessions.set(token, { userId, dataVersion: version })
    return userId
  }

  function signedIn(request: FastifyRequest): string {
    return caller(request) ?? fail(401, 'a token is required')
  }

  /** The post if the caller may see it: the check every nested read and write starts with. */
  function visiblePost(id: string, userId: string | undefined): void {
    const post = q.post.get({ id })
    if (post === undefined || (post[postVisibility] !== 'public' && post[postAuthor] !== userId)) {
      fail(404, 'no such post')
    }
  }

  // Handlers are synchronous and send themselves (returning the reply would make Fastify send twice).
  const send = (reply: FastifyReply): void => {
    void reply.code(status).header('content-type', contentType).header('x-request-id', randomUUID())
    for (const [name, value] of headers) void reply.header(name, value)
    void reply.send(body)
  }
  const app = Fastify({ logger: false })
  type Params = Record<string, string>
  type Query = Record<string, string | undefined>

  app.get('/v1', (_request, reply) => {
    send(reply)
  })
  app.get('/v1/me', (request, reply) => {
    signedIn(request)
    send(reply)
  })
  app.get('/v1/posts/:id', (request, reply) => {
    visiblePost((request.params as Params)['id'] ?? '', caller(request))
    send(reply)
  })
  app.get('/v1/posts', (request, reply) => {
    const userId = caller(request)
    const query = request.query as Query
    const fetch = Number(query['limit'] ?? 20) + 1
    if (userId === undefined) q.publicFeed.all({ fetch })
    else if (query['pagetoken'] !== undefined) {
      const afterId = Buffer.from(query['pagetoken'], 'base64url').toString('utf8').slice('k1:'.length)
      q.visibleFeedAfter.all({ userId, fetch, afterId })
    } else if (query['from'] !== undefined) {
      q.visibleFeedAt.all({ userId, fetch, offset: Number(query['from']) })
    } else q.visibleFeed.all({ userId, fetch })
    send(reply)
  })
  app.get('/v1/posts/:id/comments', (request, reply) => {
    const postId = (request.params as Params)['id'] ?? ''
    visiblePost(postId, caller(request))
    q.comments.all({ postId, fetch: Number((request.query as Query)['limit'] ?? 20) + 1 })
    send(reply)
  })
  app.post('/v1/posts/:id/comments', (request, reply) => {
    const userId = signedIn(request)
    const text = (request.body as { body?: unknown } | undefined)?.body
    if (typeof text !== 'string') fail(422, 'body is required')
    const postId = (request.params as Params)['id'] ?? ''
    visiblePost(postId, userId)
    const now = Date.now()
    q.insertComment.run({ id: newId(now), postId, userId, body: text, now })
    send(reply)
  })
  app.get('/v1/posts/:id/attachments/:aid/content', (request, reply) => {
    const params = request.params as Params
    const postId = params['id'] ?? ''
    const id = params['aid'] ?? ''
    const found = q.postWithAttachment.get({ postId, id })
    if (
      found === undefined ||
      (found[joinedVisibility] !== 'public' && found[joinedAuthor] !== caller(request))
    ) {
      fail(404, 'no such post')
    }
    if (found[joinedAttachment] === null) fail(404, 'no such attachment')
    if (q.content.get({ id }) === undefined) fail(404, 'no such attachment')
    send(reply)
  })

  process.once('SIGTERM', () => {
    void app.close().then(() => {
      sqlite.close()
      process.exit(0)
    })
  })
  await app.listen({ port: Number(env('PORT')), host: env('HOST') })
}

/**
 * Starts the reference floor in its own process on the benchmark's SQLite file, answering `answer`
 * (as the bare server does) once it has done a scenario's database work. With `cpuProfileDir` it
 * writes CPU profiles there when stopped (one per thread: the main one is the largest).
 */
export async function startReferenceServer(
  databasePath: string,
  answer: CapturedAnswer,
  cpuProfileDir?: string,
  workers = 1,
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess & { pid: number | undefined }> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-reference-'))
  const bodyFile = join(dir, 'body')
  writeFileSync(bodyFile, answer.body)
  try {
    const server = await startServerProcess({
      args: [
        ...(cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`]),
        ...nodeFlags,
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
      ],
      env: {
        ...process.env,
        REFERENCE_DATABASE: databasePath,
        REFERENCE_BODY: bodyFile,
        REFERENCE_STATUS: String(answer.status),
        REFERENCE_CONTENT_TYPE: answer.contentType,
        REFERENCE_HEADERS: JSON.stringify(answer.headers),
        REFERENCE_WORKERS: String(workers),
      },
    })
    return {
      ...server,
      pid: server.child.pid,
      stop: async () => {
        await server.stop()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // REFERENCE_WORKERS processes share the port under Quire's own supervisor, as WORKERS=N does.
  const workers = Number(process.env['REFERENCE_WORKERS'] ?? '1')
  if (cluster.isPrimary && workers > 1) superviseWorkers(workers, pino({ level: 'warn' }))
  else {
    serve().catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
  }
}
