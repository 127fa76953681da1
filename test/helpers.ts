import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import { createDb, type Db } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import type { Tables } from '../src/db/tables.js'
import type { SenderOptions } from '../src/mail/outbox.js'

/** Admin URL of the PostgreSQL server used by tests; each test gets its own throwaway database. */
export const POSTGRES_ADMIN_URL =
  process.env['QUIRE_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** Which engine `buildTestApp` uses by default: `QUIRE_TEST_DB=postgres` runs the suite on PostgreSQL. */
export const TEST_ENGINE = process.env['QUIRE_TEST_DB'] === 'postgres' ? 'postgres' : 'sqlite'

export interface TestApp {
  app: FastifyInstance
  db: Db
  config: Readonly<Config>
  /** Every log line written so far, parsed. */
  logs: () => Array<Record<string, unknown>>
  /** The raw log text, for "this secret never appears" assertions. */
  logText: () => string
  /** The fresh database's own URL (not rewritten by `connectVia`), for checking what was stored. */
  databaseUrl: string
}

/** Runs one statement on a PostgreSQL connection of its own, closed after it. */
export async function queryPostgres(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

async function adminQuery(sql: string): Promise<void> {
  await queryPostgres(POSTGRES_ADMIN_URL, sql)
}

let sqliteTemplate: Promise<string> | undefined

/**
 * A SQLite file migrated once per process, which migrated test databases start as copies of: a copy
 * costs a fraction of running every migration again for each of the hundreds of apps a run builds.
 * The app still runs the migrator on its copy, which finds nothing left to do.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-template-'))
    process.once('exit', () => {
      rmSync(dir, { recursive: true, force: true })
    })
    const path = join(dir, 'quire.db')
    const db = createDb({ kind: 'sqlite', path })
    try {
      await migrateToLatest(db)
    } finally {
      // Closing the last connection checkpoints the WAL into the file and removes it: the file is whole.
      await db.destroy()
    }
    return path
  })()
  return sqliteTemplate
}

/**
 * Creates a database (a SQLite file in a temporary folder, or a PostgreSQL database): empty, or on
 * SQLite already migrated when `migrated` is set.
 */
async function createFreshDatabase(
  engine: 'sqlite' | 'postgres' = TEST_ENGINE,
  migrated = false,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const template = migrated ? await migratedSqliteTemplate() : undefined
    const dir = mkdtempSync(join(tmpdir(), 'quire-test-'))
    if (template !== undefined) copyFileSync(template, join(dir, 'quire.db'))
    return {
      url: `sqlite:${join(dir, 'quire.db')}`,
      drop: () => {
        rmSync(dir, { recursive: true, force: true })
        return Promise.resolve()
      },
    }
  }
  const name = `quire_test_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) }
}

/** A temporary folder, removed when the test ends. */
export function tempDir(t: { after: (fn: () => void) => void }, prefix = 'quire-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.after(() => {
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** A fresh, empty database URL, removed when the test ends. */
export async function freshDatabaseUrl(
  t: TestContext,
  engine: 'sqlite' | 'postgres' = TEST_ENGINE,
): Promise<string> {
  const database = await createFreshDatabase(engine)
  t.after(database.drop)
  return database.url
}

/**
 * Configuration that lifts the per-user post, comment and report limits (USER_POST_LIMIT,
 * USER_COMMENT_LIMIT, USER_REPORT_LIMIT),
 * for tests that write many posts or comments quickly; the limits themselves are tested in
 * test/storage/quotas.test.ts.
 */
export const UNLIMITED_WRITES: Readonly<Record<string, string>> = {
  USER_POST_LIMIT: '1000000/1m',
  USER_COMMENT_LIMIT: '1000000/1m',
  USER_REPORT_LIMIT: '1000000/1m',
}

/**
 * Builds the real app on a fresh, migrated database (SQLite file by default) with test-friendly
 * configuration; everything is closed and removed when the test ends.
 */
export async function buildTestApp(
  t: TestContext,
  env: Record<string, string> = {},
  options: {
    engine?: 'sqlite' | 'postgres'
    version?: string
    /** An existing database (another test app's `databaseUrl`) instead of a fresh one; not dropped. */
    database?: string
    /** Rewrites the fresh database's URL the app connects to, e.g. to go through a test's TCP proxy. */
    connectVia?: (url: string) => string
    /** Pacing of the app's mail sender. */
    mailSender?: Partial<SenderOptions>
    /** Adds to the app before it is ready (test-only routes and hooks). */
    beforeReady?: (app: FastifyInstance) => void
  } = {},
): Promise<TestApp> {
  const database =
    options.database === undefined
      ? await createFreshDatabase(options.engine, true)
      : { url: options.database, drop: () => Promise.resolve() }
  const url = options.connectVia ? options.connectVia(database.url) : database.url
  // A key per app, so tests never write SECRET_KEY_FILE into the working tree.
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    SECRET_KEY: randomBytes(32).toString('base64'),
    ...env,
  })
  const db = createDb(config.database)
  await migrateToLatest(db)

  const chunks: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'))
      callback()
    },
  })
  const app = await buildApp({
    config,
    db,
    version: options.version ?? 'test-version',
    logStream,
    ...(options.mailSender ? { mailSender: options.mailSender } : {}),
  })
  options.beforeReady?.(app)
  await app.ready()
  t.after(async () => {
    await app.close()
    await db.destroy()
    await database.drop()
  })

  const logText = (): string => chunks.join('')
  const logs = (): Array<Record<string, unknown>> =>
    logText()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { app, db, config, logs, logText, databaseUrl: database.url }
}

/** Parses a JSON response body; the type argument states what the test expects to find. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T
}

/** How many responses answered each status. */
export function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1
  return counts
}

/** The SHA-256 of some bytes, in hex, as the API reports a file's. */
export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A password that passes the policy, distinct per call. */
export function strongPassword(): string {
  return `correct horse ${randomBytes(4).toString('hex')} staple`
}

let emailCounter = 0

/** A unique, valid email address. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1
  return `${prefix}${emailCounter}.${randomBytes(3).toString('hex')}@example.com`
}

export interface TestUser {
  id: string
  email: string
  password: string
  token: string
  sessionId: string
  /** `{ authorization: 'Bearer …' }` for inject. */
  auth: { authorization: string }
}

/** Registers a user and logs in over HTTP, returning their token and IDs. */
export async function registerAndLogin(app: FastifyInstance, prefix = 'user'): Promise<TestUser> {
  const email = uniqueEmail(prefix)
  const password = strongPassword()
  const registered = await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
  if (registered.statusCode !== 201)
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`)
  const signedIn = await login(app, { email, password })
  if (signedIn.statusCode !== 201) throw new Error(`login failed: ${signedIn.statusCode} ${signedIn.body}`)
  const user = json<{ data: { id: string } }>(registered).data
  const session = json<{ data: { id: string; token: string } }>(signedIn).data
  return {
    id: user.id,
    email,
    password,
    token: session.token,
    sessionId: session.id,
    auth: { authorization: `Bearer ${session.token}` },
  }
}

/** Signs in over HTTP (`POST /v1/sessions`), answering whatever the server answers. */
export function login(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  request: {
    /** More fields of the body: a second factor, a sign-in confirmation. */
    body?: Record<string, string>
    headers?: Record<string, string>
    remoteAddress?: string
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/sessions',
    payload: { email: credentials.email, password: credentials.password, ...request.body },
    ...(request.headers === undefined ? {} : { headers: request.headers }),
    ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
  })
}

/** `GET /v1/me` as a user (or with a bare token), answering whatever the server answers. */
export function me(app: FastifyInstance, caller: TestUser | string): Promise<LightMyRequestResponse> {
  const token = typeof caller === 'string' ? caller : caller.token
  return app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${token}` } })
}

/**
 * Asks `probe` every 20 ms until it answers something other than `undefined` or `false`, and returns
 * that; fails after `timeoutMs` (a deadline for a broken build, not a measurement).
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} (${String(timeoutMs)} ms)`)
    await delay(20)
  }
}

/** True while a process with this PID exists (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A second Kysely over the test's database whose log captures every statement the query functions send. */
export function loggedDb(t: TestContext, testApp: TestApp): { db: Db; statements: string[] } {
  const statements: string[] = []
  const log = (event: { level: string; query: { sql: string } }): void => {
    if (event.level === 'query') statements.push(event.query.sql)
  }
  const { config } = testApp
  if (config.database.kind === 'sqlite') {
    const sqlite = new SqliteDialect({ database: new SQLite(config.database.path) })
    const db: Db = new Kysely<Tables>({ dialect: sqlite, log })
    t.after(() => db.destroy())
    return { db, statements }
  }
  const pool = new pg.Pool({ connectionString: testApp.databaseUrl, max: 1 })
  // The app's clean-up drops the database, ending this connection if the test failed before closing it.
  pool.on('error', () => undefined)
  const db: Db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log })
  t.after(() => db.destroy().catch(() => undefined))
  return { db, statements }
}

/** A second connection to the test's SQLite file: writes the app's connection does not see. */
export function otherProcess(t: { after: (fn: () => void) => void }, databaseUrl: string): SQLite.Database {
  const other = new SQLite(databaseUrl.slice('sqlite:'.length))
  other.pragma('busy_timeout = 2000')
  t.after(() => other.close())
  return other
}

/**
 * Runs one statement (`?` placeholders) on a connection of its own to the test's database: a write
 * the app's own connections do not see.
 */
export async function outsideWrite(
  t: { after: (fn: () => void) => void },
  databaseUrl: string,
  text: string,
  ...values: unknown[]
): Promise<void> {
  if (TEST_ENGINE === 'sqlite') {
    otherProcess(t, databaseUrl)
      .prepare(text)
      .run(...values)
    return
  }
  let index = 0
  await queryPostgres(
    databaseUrl,
    text.replace(/\?/g, () => `$${String(++index)}`),
    values,
  )
}
