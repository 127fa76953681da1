import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { Agent } from 'node:http'
import { connect, createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { freshDatabaseUrl, strongPassword, uniqueEmail, TEST_ENGINE } from '../helpers.js'
import {
  ensureBuilt,
  get,
  gitHead,
  post,
  send,
  startListening,
  startServer,
  VERSION_FILE,
  waitUntil,
} from './built-server.js'
import { behindPrism } from './prism.js'

// The built server (`node dist/server.js`) as a child process, spoken to over real sockets. Requests go
// through Prism, which checks every answer against the served OpenAPI document; only the exchanges
// about the server's own connections (an idle keep-alive socket, a request in flight at shutdown)
// talk to it directly.
/** A port another server holds (for the start-up failure test). */
async function busyPort(t: TestContext): Promise<number> {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  t.after(() => blocker.close())
  return (blocker.address() as AddressInfo).port
}

describe('built server (node dist/server.js)', () => {
  describe('happy', () => {
    it('starts, serves /v1 with the build revision, and exits 0 on SIGTERM after finishing an in-flight request', async (t) => {
      await ensureBuilt(t)
      // NODE_ENV=test as the test runner sets it: the built server still hashes passwords with the
      // production setting (checked on the stored hash below).
      const server = await startListening(t, { NODE_ENV: 'test' })
      const validated = await behindPrism(t, server.port)

      // Health over a real socket, reporting the revision the build wrote.
      const health = validated.check('GET /v1', await get(validated.port, '/v1'))
      assert.equal(health.status, 200)
      const head = gitHead()
      const expectedVersion = existsSync(VERSION_FILE) ? head : '__UNKNOWN__'
      assert.deepEqual(JSON.parse(health.body), { status: 'running', version: expectedVersion })
      assert.ok(health.headers['x-request-id'])

      // The docs and the OpenAPI document are served by the built server too.
      const openapi = validated.check('GET /v1/openapi.json', await get(validated.port, '/v1/openapi.json'))
      assert.equal(openapi.status, 200)
      const docs = validated.check('GET /api/v1/docs', await get(validated.port, '/api/v1/docs'))
      assert.equal(docs.status, 200)

      // An idle keep-alive connection to the server itself must not hold shutdown up.
      const agent = new Agent({ keepAlive: true })
      t.after(() => {
        agent.destroy()
      })
      assert.equal((await get(server.port, '/v1', agent)).status, 200)

      // A request in flight: headers and half the body sent.
      const body = JSON.stringify({ email: uniqueEmail('e2e'), password: strongPassword() })
      const socket = connect(server.port, '127.0.0.1')
      const received: Buffer[] = []
      socket.on('data', (chunk: Buffer) => received.push(chunk))
      const socketClosed = new Promise((resolve) => socket.on('close', resolve))
      await new Promise((resolve) => socket.on('connect', resolve))
      socket.write(
        'POST /v1/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      )
      await server.waitForLog((line) => {
        const req = line['req'] as { url?: string } | undefined
        return line['msg'] === 'incoming request' && req?.url === '/v1/register'
      })

      server.child.kill('SIGTERM')
      await server.waitForLog((line) => line['msg'] === 'shutting down')
      assert.equal(server.child.exitCode, null, 'the server waits for the in-flight request')
      socket.write(body.slice(10))
      await socketClosed

      const answer = Buffer.concat(received).toString('utf8')
      assert.match(answer, /^HTTP\/1\.1 201 /, answer)
      assert.match(answer, /"email":"e2e/)

      const exit = await server.exited
      assert.deepEqual(exit, { code: 0, signal: null }, server.stderr())
      assert.equal(server.stderr(), '')
      assert.ok(server.stdout().includes('"msg":"shutdown complete"'))

      // The SQLite database was created (parent folder included) and migrated, and holds the new user.
      const file = join(server.dataDir, 'nested', 'quire.db')
      assert.ok(existsSync(file))
      const sqlite = new SQLite(file, { readonly: true })
      t.after(() => sqlite.close())
      const migrations = sqlite.prepare('select name from quire_migrations').all() as Array<{ name: string }>
      assert.ok(migrations.length >= 2, JSON.stringify(migrations))
      const users = sqlite.prepare('select email, password_hash from users').all() as Array<{
        email: string
        password_hash: string
      }>
      assert.equal(users.length, 1)
      assert.match(users[0]?.password_hash ?? '', /^\$argon2id\$v=19\$m=9216,t=4,p=1\$/)
      t.diagnostic(validated.summary())
      assert.deepEqual(validated.violations, [], 'answers that do not match the OpenAPI document')
    })

    it('on SIGTERM, a request whose client went away is finished before the database closes', async (t) => {
      await ensureBuilt(t)
      const server = await startListening(t)
      // A registration (argon2id hashing, then the insert) whose client hangs up once it is under way.
      const email = uniqueEmail('e2e-gone')
      const body = JSON.stringify({ email, password: strongPassword() })
      const socket = connect(server.port, '127.0.0.1')
      socket.on('error', () => undefined)
      await new Promise((resolve) => socket.on('connect', resolve))
      socket.write(
        'POST /v1/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
      await server.waitForLog((line) => {
        const req = line['req'] as { url?: string } | undefined
        return line['msg'] === 'incoming request' && req?.url === '/v1/register'
      })
      socket.destroy()
      server.child.kill('SIGTERM')

      // No connection is left, so the server closes at once; the registration must still complete.
      assert.deepEqual(await server.exited, { code: 0, signal: null }, server.stderr())
      const failures = server
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50)
      assert.deepEqual(failures, [], 'no request failed on a closed database')
      const sqlite = new SQLite(join(server.dataDir, 'nested', 'quire.db'), { readonly: true })
      t.after(() => sqlite.close())
      const users = sqlite.prepare('select email from users').all() as Array<{ email: string }>
      assert.deepEqual(
        users.map((user) => user.email),
        [email],
      )
    })

    it(
      'on SIGTERM, a request whose client went away before its body was read does not hold shutdown up',
      { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
      async (t) => {
        await ensureBuilt(t)
        const databaseUrl = await freshDatabaseUrl(t, 'postgres')
        // Without the session cache, so the token's lookup reaches the database (and its lock).
        const server = await startListening(t, { DATABASE_URL: databaseUrl, SESSION_CACHE: '0' })
        const credentials = { email: uniqueEmail('e2e-abandon'), password: strongPassword() }
        assert.equal((await post(server.port, '/v1/register', credentials)).status, 201)
        const login = await post(server.port, '/v1/sessions', credentials)
        const token = (JSON.parse(login.body) as { data: { token: string } }).data.token
        const auth = { authorization: `Bearer ${token}` }
        const created = await send(server.port, 'POST', '/v1/posts', {
          headers: auth,
          body: { title: 'Held', body: 'up', visibility: 'public' },
        })
        const postId = (JSON.parse(created.body) as { data: { id: string } }).data.id

        // The token's lookup waits behind a lock, so the client can hang up before the body is read.
        const admin = new pg.Client({ connectionString: databaseUrl })
        // Dropping the test database at the end ends this connection if a failure left it open.
        admin.on('error', () => undefined)
        await admin.connect()
        await admin.query('begin')
        await admin.query('lock table sessions in access exclusive mode')
        const body = JSON.stringify({ body: 'never read' })
        const socket = connect(server.port, '127.0.0.1')
        socket.on('error', () => undefined)
        await new Promise((resolve) => socket.on('connect', resolve))
        socket.write(
          `POST /v1/posts/${postId}/comments HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        )
        await waitUntil('the token lookup to wait for the lock', async () => {
          const { rows } = await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          )
          return (rows[0]?.n ?? 0) > 0 ? true : undefined
        })
        socket.destroy()
        await delay(100) // the server sees the connection close
        server.child.kill('SIGTERM')
        await server.waitForLog((line) => line['msg'] === 'shutting down')
        await admin.query('rollback')

        // Without the check, the request waits for a body that never comes, and shutdown gives up
        // after its grace period (exit 1).
        assert.deepEqual(await server.exited, { code: 0, signal: null }, server.stderr() + server.stdout())
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from comments')
        assert.equal(rows[0]?.n, 0)
        await admin.end()
      },
    )

    it(
      'runs on PostgreSQL: migrates an empty database at start-up and exits 0 on SIGTERM',
      { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
      async (t) => {
        await ensureBuilt(t)
        const databaseUrl = await freshDatabaseUrl(t, 'postgres')
        const server = await startListening(t, { DATABASE_URL: databaseUrl })
        const validated = await behindPrism(t, server.port)
        const registered = validated.check(
          'POST /v1/register',
          await post(validated.port, '/v1/register', {
            email: uniqueEmail('e2e-pg'),
            password: strongPassword(),
          }),
        )
        assert.equal(registered.status, 201, registered.body)
        t.diagnostic(validated.summary())
        assert.deepEqual(validated.violations, [], 'answers that do not match the OpenAPI document')
        server.child.kill('SIGTERM')
        assert.deepEqual(await server.exited, { code: 0, signal: null }, server.stderr())

        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        try {
          const migrations = await client.query('select name from quire_migrations')
          assert.ok(migrations.rowCount !== null && migrations.rowCount >= 2)
          const users = await client.query('select email from users')
          assert.equal(users.rowCount, 1)
        } finally {
          await client.end()
        }
      },
    )

    it('exits 0 on SIGINT too', async (t) => {
      await ensureBuilt(t)
      const server = await startListening(t)
      server.child.kill('SIGINT')
      assert.deepEqual(await server.exited, { code: 0, signal: null })
    })
  })

  describe('errors', () => {
    for (const [variable, value] of [
      ['SESSION_LIFE', 'abc'],
      ['PORT', 'http'],
      ['PASSWORD_MIN_LENGTH', '4'],
      ['CORS_ORIGINS', 'example.com'],
    ] as const) {
      it(`a bad ${variable} exits 1 with one line on stderr naming it`, async (t) => {
        await ensureBuilt(t)
        const server = startServer(t, { [variable]: value })
        assert.deepEqual(await server.exited, { code: 1, signal: null })
        const lines = server
          .stderr()
          .split('\n')
          .filter((line) => line !== '')
        assert.equal(lines.length, 1, server.stderr())
        assert.match(lines[0] ?? '', new RegExp(`\\b${variable}\\b`))
        assert.equal(server.stdout(), '', 'nothing starts')
        assert.ok(!existsSync(join(server.dataDir, 'nested')), 'no database is created')
      })
    }

    it('a DATABASE_URL with a password is rejected without echoing it', async (t) => {
      await ensureBuilt(t)
      const server = startServer(t, { DATABASE_URL: 'mysql://quire:hunter2secret@db.example.com/quire' })
      assert.deepEqual(await server.exited, { code: 1, signal: null })
      assert.match(server.stderr(), /DATABASE_URL/)
      assert.ok(!server.stderr().includes('hunter2secret'))
    })

    it('a port already in use exits 1 with a message', async (t) => {
      await ensureBuilt(t)
      const server = startServer(t, { PORT: String(await busyPort(t)) })
      assert.deepEqual(await server.exited, { code: 1, signal: null })
      assert.match(server.stderr(), /EADDRINUSE/)
    })
  })
})
