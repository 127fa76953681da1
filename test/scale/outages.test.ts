import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'kysely'
import pg from 'pg'
import { isDatabaseUnavailable } from '../../src/db/database.js'
import { toApiError } from '../../src/http/error-handling.js'
import { ensureBuilt, get, ROOT, send, startListening } from '../e2e/built-server.js'
import {
  buildTestApp,
  freshDatabaseUrl,
  json,
  POSTGRES_ADMIN_URL,
  queryPostgres,
  registerAndLogin,
  strongPassword,
  TEST_ENGINE,
  uniqueEmail,
  UNLIMITED_WRITES,
  type TestApp,
} from '../helpers.js'
import { startLoad, waitForAnswer, type Answer } from './load.js'
import { startTcpProxy, throughProxy, type TcpProxy } from './tcp-proxy.js'

// The contract's "Service availability": while the database cannot be reached, requests answer 503
// SERVICE_UNAVAILABLE with Retry-After: 1 quickly (never a hang, never a 500), /v1/ready says so,
// and service resumes by itself when the database is back, with no acknowledged write lost.

const POSTGRES_ONLY = { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' }
const SQLITE_ONLY = { skip: TEST_ENGINE !== 'sqlite' && 'runs in the SQLite pass' }

function postgresAddress(): { host: string; port: number } {
  const url = new URL(POSTGRES_ADMIN_URL)
  return { host: url.hostname, port: Number(url.port || 5432) }
}

/** An app whose PostgreSQL connections pass through a proxy the test controls. */
async function appBehindProxy(
  t: TestContext,
  env: Record<string, string>,
): Promise<TestApp & { proxy: TcpProxy }> {
  const proxy = await startTcpProxy(postgresAddress())
  t.after(() => proxy.close())
  // The load writes a post every few milliseconds: the per-user post limit is not what is tested.
  const testApp = await buildTestApp(
    t,
    { ...UNLIMITED_WRITES, ...env },
    {
      engine: 'postgres',
      connectVia: (url) => throughProxy(url, proxy),
    },
  )
  return { ...testApp, proxy }
}

/** Every answer is a success or the contract's 503; a 500 or anything else fails the test. */
function assertServedOrUnavailable(answers: Answer[]): void {
  for (const answer of answers) {
    assert.ok([200, 201, 503].includes(answer.status), `unexpected ${answer.status} (${answer.kind})`)
    if (answer.status === 503) {
      assert.equal(answer.code, 'SERVICE_UNAVAILABLE')
      assert.equal(answer.retryAfter, '1')
    }
  }
}

/** Every post a client saw created (201) is in the database. */
async function assertNoAcknowledgedWriteLost(databaseUrl: string, answers: Answer[]): Promise<void> {
  const created = answers.flatMap((answer) => (answer.createdId === undefined ? [] : [answer.createdId]))
  assert.ok(created.length > 0, 'some writes were acknowledged')
  const { rows } = await queryPostgres(databaseUrl, 'select id from posts where id = any($1)', [created])
  assert.equal(rows.length, created.length, 'every acknowledged post is stored')
}

async function readiness(app: TestApp['app']): Promise<{ status: number; body: unknown; ms: number }> {
  const startedAt = Date.now()
  const response = await app.inject({ method: 'GET', url: '/v1/ready' })
  if (response.statusCode === 503) assert.equal(response.headers['retry-after'], '1')
  return { status: response.statusCode, body: json(response), ms: Date.now() - startedAt }
}

/**
 * Runs steady traffic, cuts the proxy the given way, and checks what clients see during the cut
 * (503 within `answerWithinMs`, readiness 503) and after the restore (2xx, readiness 200).
 */
async function cutAndRestore(
  t: TestContext,
  mode: 'refuse' | 'blackhole',
  env: Record<string, string>,
  answerWithinMs: number,
): Promise<void> {
  // The session cache's longest life: only noticing the outage can set its copies aside in time.
  const { app, proxy, databaseUrl } = await appBehindProxy(t, { SESSION_CACHE: '1m', ...env })
  const user = await registerAndLogin(app)
  assert.deepEqual(await readiness(app).then(({ status, body }) => ({ status, body })), {
    status: 200,
    body: { status: 'ready' },
  })
  const load = startLoad(app, user.auth)
  t.after(() => load.stop())
  await waitForAnswer(load, 0, (answer) => answer.status === 201, 5000)

  const cutAt = Date.now()
  await proxy.cut(mode)
  const noticed = await waitForAnswer(load, cutAt, (answer) => answer.status === 503, answerWithinMs + 500)
  const ready = await readiness(app)
  assert.equal(ready.status, 503)
  assert.deepEqual(ready.body, { status: 'unavailable' })
  // Its limit is one second; the rest is slack for a busy machine.
  assert.ok(ready.ms < 2000, `readiness answered in ${ready.ms} ms`)
  await delay(answerWithinMs + 500) // a cut long enough for every pooled connection to be tried

  const restoredAt = Date.now()
  await proxy.restore()
  await waitForAnswer(load, restoredAt, (answer) => answer.status === 201, 5000)
  await waitForAnswer(load, restoredAt, (answer) => answer.status === 200, 5000)
  const answers = await load.stop()

  assertServedOrUnavailable(answers)
  // Every request sent during the cut (early enough to have to end before the restore) answered in
  // time; one hanging until the restore would fail here. Until the server notices the cut, a profile
  // read may still be answered by the session cache from memory; once a request has had its 503,
  // nothing is served.
  const duringCut = answers.filter(
    (answer) => answer.startedAt >= cutAt && answer.startedAt < restoredAt - answerWithinMs,
  )
  assert.ok(duringCut.length > 0)
  for (const answer of duringCut) {
    if (answer.startedAt >= noticed.endedAt) {
      assert.equal(answer.status, 503, 'nothing is served once the cut has been noticed')
    } else {
      assert.ok(answer.status === 503 || answer.kind === 'read', `a ${answer.status} write during the cut`)
    }
    const ms = answer.endedAt - answer.startedAt
    assert.ok(ms <= answerWithinMs, `a request took ${ms} ms during the cut`)
  }
  assert.equal((await readiness(app)).status, 200)
  await assertNoAcknowledgedWriteLost(databaseUrl, answers)
}

describe('database outages', () => {
  describe('PostgreSQL', () => {
    it(
      'refused connections: 503 with Retry-After within a second, then service resumes without a restart',
      POSTGRES_ONLY,
      async (t) => {
        // Refused connections fail at once; the bound leaves slack for a busy machine.
        await cutAndRestore(t, 'refuse', { DATABASE_CONNECT_TIMEOUT: '1s' }, 1500)
      },
    )

    it(
      'a black-holed network: connects and queries time out into 503s, never a hang, then service resumes',
      POSTGRES_ONLY,
      async (t) => {
        // With the default timeouts (a query may legitimately run 5 s, a connect may take 2 s), a
        // silent database is still found out within about a second: the contract's bound, plus slack
        // for a busy machine.
        await cutAndRestore(
          t,
          'blackhole',
          { DATABASE_CONNECT_TIMEOUT: '2s', DATABASE_STATEMENT_TIMEOUT: '5s' },
          1500,
        )
      },
    )

    it(
      'a query that is merely slow while the database answers is not ended by the liveness check',
      POSTGRES_ONLY,
      async (t) => {
        const { app, proxy, databaseUrl } = await appBehindProxy(t, {
          DATABASE_CONNECT_TIMEOUT: '2s',
          DATABASE_STATEMENT_TIMEOUT: '5s',
        })
        const user = await registerAndLogin(app)
        // A test connection holds a lock on users, so the request's first statement waits on it for 2 s
        // while PostgreSQL itself answers everyone else at once.
        const holder = new pg.Client({ connectionString: databaseUrl })
        // The test's clean-up drops the database under it if the test fails before it ends.
        holder.on('error', () => undefined)
        await holder.connect()
        t.after(() => holder.end().catch(() => undefined))
        await holder.query('begin')
        await holder.query('lock table users in access exclusive mode')
        const connectionsBefore = proxy.connections
        const startedAt = Date.now()
        const answer = app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
        await delay(2000)
        await holder.query('commit')
        await holder.end()
        const response = await answer
        const ms = Date.now() - startedAt
        assert.equal(response.statusCode, 200, response.body)
        assert.ok(ms >= 2000, `answered after ${ms} ms, so it did wait on the lock`)
        // The wait was long enough for the check to look at the database (a fresh connection through
        // the proxy) and find it answering.
        assert.ok(proxy.connections > connectionsBefore, 'the liveness check probed the database')
        assert.equal((await readiness(app)).status, 200)
      },
    )

    it(
      'pg_terminate_backend of Quire’s connections mid-load: no 500, no crash, no acknowledged write lost',
      POSTGRES_ONLY,
      async (t) => {
        const { app, databaseUrl } = await buildTestApp(t, UNLIMITED_WRITES, { engine: 'postgres' })
        const user = await registerAndLogin(app)
        const databaseName = new URL(databaseUrl).pathname.slice(1)
        const load = startLoad(app, user.auth, 6)
        t.after(() => load.stop())
        await waitForAnswer(load, 0, (answer) => answer.status === 201, 5000)

        let terminated = 0
        for (let round = 0; round < 5; round += 1) {
          const { rows } = await queryPostgres(
            POSTGRES_ADMIN_URL,
            `select pg_terminate_backend(pid) as ok from pg_stat_activity
              where datname = $1 and application_name = 'quire'`,
            [databaseName],
          )
          terminated += rows.length
          await delay(150)
        }
        assert.ok(terminated > 0, 'Quire’s connections were found and ended')

        const recoveredAt = Date.now()
        await waitForAnswer(load, recoveredAt, (answer) => answer.status === 201, 5000)
        const answers = await load.stop()
        assertServedOrUnavailable(answers)
        await assertNoAcknowledgedWriteLost(databaseUrl, answers)
        assert.equal((await readiness(app)).status, 200)
      },
    )

    it(
      'the statement timeout ends a long statement on the server; the request answers 503',
      POSTGRES_ONLY,
      async (t) => {
        const { app, db } = await buildTestApp(
          t,
          { DATABASE_STATEMENT_TIMEOUT: '200ms' },
          { engine: 'postgres' },
        )
        // The timeout is a setting of every pooled connection, visible to the session.
        const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)
        assert.equal(rows[0]?.statement_timeout, '200ms')
        await assert.rejects(
          sql`select pg_sleep(2)`.execute(db),
          (error: unknown) => isDatabaseUnavailable(error) && (error as { code?: string }).code === '57014',
        )
        assert.equal((await app.inject({ method: 'GET', url: '/v1/ready' })).statusCode, 200)
      },
    )

    it(
      'the built server logs a pool error when PostgreSQL ends its idle connections, and keeps serving',
      POSTGRES_ONLY,
      async (t) => {
        await ensureBuilt(t)
        const databaseUrl = await freshDatabaseUrl(t, 'postgres')
        const server = await startListening(t, { DATABASE_URL: databaseUrl })
        const email = uniqueEmail('pool')
        const registered = await send(server.port, 'POST', '/v1/register', {
          body: { email, password: strongPassword() },
        })
        assert.equal(registered.status, 201, registered.body)

        await queryPostgres(
          POSTGRES_ADMIN_URL,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'quire'`,
          [new URL(databaseUrl).pathname.slice(1)],
        )
        const line = await server.waitForLog((entry) => entry['msg'] === 'database connection lost')
        assert.equal(line['level'], 40)
        // PostgreSQL's admin-shutdown notice (57P01); or, when the socket's end is read before that
        // notice on a loaded machine, node-postgres's "Connection terminated unexpectedly"; or, when
        // the server's close reaches a socket with unread data, a reset (ECONNRESET).
        const error = line['err'] as { code?: string; message?: string }
        assert.ok(
          error.code === '57P01' || error.code === 'ECONNRESET' || /terminated/i.test(error.message ?? ''),
          JSON.stringify(error),
        )
        // The pool reconnects by itself. On a loaded machine a fresh connection can outlast the
        // liveness probe's 500 ms and answer 503 for a moment, so readiness gets a few seconds.
        let ready = 0
        for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
          ready = (await get(server.port, '/v1/ready')).status
          if (ready === 200) break
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        assert.equal(ready, 200)
      },
    )

    it(
      'the built server logs when the database becomes unreachable and when it is back',
      POSTGRES_ONLY,
      async (t) => {
        await ensureBuilt(t)
        const proxy = await startTcpProxy(postgresAddress())
        t.after(() => proxy.close())
        const databaseUrl = await freshDatabaseUrl(t, 'postgres')
        const server = await startListening(t, { DATABASE_URL: throughProxy(databaseUrl, proxy) })
        assert.equal((await get(server.port, '/v1/ready')).status, 200)

        await proxy.cut('blackhole')
        assert.equal((await get(server.port, '/v1/ready')).status, 503)
        const lost = await server.waitForLog((entry) =>
          String(entry['msg']).startsWith('database unreachable'),
        )
        assert.equal(lost['level'], 40)
        assert.match(String((lost['err'] as { message?: string }).message), /^no answer from the database/)
        // Answered at once now, not after another second of waiting.
        const startedAt = Date.now()
        assert.equal((await get(server.port, '/v1/ready')).status, 503)
        assert.ok(Date.now() - startedAt < 500, 'an unreachable database is not waited for again')

        await proxy.restore()
        await server.waitForLog((entry) => entry['msg'] === 'database reachable again')
        assert.equal((await get(server.port, '/v1/ready')).status, 200)
      },
    )
  })

  describe('SQLite', () => {
    it(
      'a write lock held by another process answers 503 after DATABASE_BUSY_TIMEOUT (1 s), without holding up reads',
      SQLITE_ONLY,
      async (t) => {
        const { app, config } = await buildTestApp(t, {}, { engine: 'sqlite' })
        const user = await registerAndLogin(app)
        assert.equal(config.database.kind, 'sqlite')
        const { path } = config.database

        // Another process takes the write lock and keeps it until told to commit.
        const holder = spawn(
          process.execPath,
          [
            '-e',
            `const db = new (require('better-sqlite3'))(process.argv[1]);
           db.exec('BEGIN IMMEDIATE');
           process.stdout.write('locked\\n');
           process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0) })`,
            path,
          ],
          { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
        )
        const exited = new Promise((resolve) => holder.on('exit', resolve))
        t.after(async () => {
          if (holder.exitCode === null) holder.kill()
          await exited
        })
        await new Promise<void>((resolve) => {
          holder.stdout.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('locked')) resolve()
          })
        })

        const read = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
        assert.equal(read.statusCode, 200, 'WAL readers are not blocked by the writer')
        const started = performance.now()
        const blocking = app.inject({
          method: 'POST',
          url: '/v1/posts',
          headers: user.auth,
          payload: { title: 'while locked' },
        })
        // While the write waits for the lock, the event loop and this process's reads go on: the
        // wait is on timers, not inside SQLite's call.
        const timerSet = performance.now()
        await new Promise((resolve) => setTimeout(resolve, 100))
        const timerMs = performance.now() - timerSet
        assert.ok(
          timerMs < 400,
          `a 100 ms timer fired after ${Math.round(timerMs)} ms: the event loop was held`,
        )
        const readStarted = performance.now()
        const during = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
        const readMs = performance.now() - readStarted
        assert.equal(during.statusCode, 200)
        assert.ok(readMs < 300, `a read waited ${Math.round(readMs)} ms behind the blocked write`)
        const blocked = await blocking
        const waitedMs = performance.now() - started
        assert.equal(blocked.statusCode, 503, blocked.body)
        assert.equal(blocked.headers['retry-after'], '1')
        assert.equal(json<{ error: { code: string } }>(blocked).error.code, 'SERVICE_UNAVAILABLE')
        // DATABASE_BUSY_TIMEOUT is 1 s by default; the rest is slack for a busy machine.
        assert.ok(waitedMs >= 900 && waitedMs < 2500, `503 after ${Math.round(waitedMs)} ms`)

        holder.stdin.write('commit\n')
        await exited
        const written = await app.inject({
          method: 'POST',
          url: '/v1/posts',
          headers: user.auth,
          payload: { title: 'after the lock' },
        })
        assert.equal(written.statusCode, 201, written.body)
      },
    )
  })

  it(
    'a transaction PostgreSQL cancels to break a deadlock answers 503 with Retry-After, not 500',
    POSTGRES_ONLY,
    async (t) => {
      const { db } = await buildTestApp(t, {}, { engine: 'postgres' })
      await sql`create table deadlock_probe (id int primary key, n int not null)`.execute(db)
      await sql`insert into deadlock_probe values (1, 0), (2, 0)`.execute(db)
      // Each transaction locks one row, then waits for the other's: PostgreSQL cancels one of them.
      let locked = 0
      let bothLocked: () => void = () => undefined
      const both = new Promise<void>((resolve) => (bothLocked = resolve))
      const crossing = (first: number, second: number) =>
        db.transaction().execute(async (trx) => {
          await sql`update deadlock_probe set n = n + 1 where id = ${first}`.execute(trx)
          if (++locked === 2) bothLocked()
          await both
          await sql`update deadlock_probe set n = n + 1 where id = ${second}`.execute(trx)
        })
      const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)])
      const failures = outcomes.flatMap((outcome): unknown[] =>
        outcome.status === 'rejected' ? [outcome.reason] : [],
      )
      assert.equal(failures.length, 1, 'one transaction was cancelled, the other committed')
      assert.equal((failures[0] as { code?: string }).code, '40P01')
      const answer = toApiError(failures[0])
      assert.equal(answer.statusCode, 503)
      assert.equal(answer.headers?.['retry-after'], '1')
    },
  )

  describe('which errors mean "unavailable"', () => {
    it('connection failures, server shutdowns, timeouts, deadlocks and SQLite busy do; bugs and constraint errors do not', () => {
      const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code })
      for (const error of [
        withCode('ECONNREFUSED'),
        withCode('ETIMEDOUT'),
        withCode('57P01'),
        withCode('57P03'),
        withCode('08006'),
        withCode('53300'),
        withCode('57014'),
        withCode('40P01'),
        withCode('40001'),
        withCode('SQLITE_BUSY'),
        new Error('timeout exceeded when trying to connect'),
        new Error('Connection terminated unexpectedly'),
        new AggregateError([withCode('ECONNREFUSED')], ''),
      ]) {
        assert.equal(isDatabaseUnavailable(error), true, String(error))
      }
      for (const error of [
        withCode('23505'),
        withCode('SQLITE_CONSTRAINT_UNIQUE'),
        withCode('42P01'),
        new TypeError('x is undefined'),
        'a string',
        undefined,
      ]) {
        assert.equal(isDatabaseUnavailable(error), false, String(error))
      }
    })
  })
})
