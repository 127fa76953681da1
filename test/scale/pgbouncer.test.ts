import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { ensureBuilt, send, startListening, startServer, type HttpAnswer } from '../e2e/built-server.js'
import {
  freshDatabaseUrl,
  POSTGRES_ADMIN_URL,
  queryPostgres,
  strongPassword,
  TEST_ENGINE,
  uniqueEmail,
} from '../helpers.js'
import { findProgram, freePort, startPgbouncer } from './external.js'

// Quire through Debian's PgBouncer in transaction pooling mode: the app's pool goes through
// PgBouncer, the start-up migrations (which want a session of their own) go straight to PostgreSQL
// through DATABASE_MIGRATION_URL.

const PGBOUNCER = findProgram('pgbouncer')
const SKIP =
  TEST_ENGINE !== 'postgres'
    ? 'runs in the PostgreSQL pass'
    : PGBOUNCER === undefined
      ? 'pgbouncer is not installed: skipping the PgBouncer test (.ci/run installs it)'
      : false

function withPort(url: string, port: number): string {
  const rewritten = new URL(url)
  rewritten.hostname = '127.0.0.1'
  rewritten.port = String(port)
  return rewritten.toString()
}

/** The `data` of an enveloped answer, after checking its status. */
function data(answer: HttpAnswer, status: number): Record<string, unknown> {
  assert.equal(answer.status, status, answer.body)
  return (JSON.parse(answer.body) as { data: Record<string, unknown> }).data
}

describe('through PgBouncer (transaction pooling)', () => {
  it(
    'migrates through DATABASE_MIGRATION_URL and runs the smoke flow through the pooler',
    { skip: SKIP },
    async (t) => {
      await ensureBuilt(t)
      const direct = await freshDatabaseUrl(t, 'postgres')
      const admin = new URL(POSTGRES_ADMIN_URL)
      const bouncer = await startPgbouncer(
        t,
        PGBOUNCER ?? '',
        { host: admin.hostname, port: Number(admin.port || 5432) },
        async (port) => (await queryPostgres(withPort(direct, port), 'select 1')).rowCount === 1,
      )
      const pooled = withPort(direct, bouncer.port)

      const server = await startListening(t, { DATABASE_URL: pooled, DATABASE_MIGRATION_URL: direct })
      const migrations = await queryPostgres(direct, 'select name from quire_migrations')
      assert.ok((migrations.rowCount ?? 0) >= 2)

      // The smoke flow: register, log in, post, upload, comment, list, download, log out.
      const port = server.port
      const email = uniqueEmail('bouncer')
      const password = strongPassword()
      data(await send(port, 'POST', '/v1/register', { body: { email, password } }), 201)
      const session = data(await send(port, 'POST', '/v1/sessions', { body: { email, password } }), 201)
      const auth = { authorization: `Bearer ${String(session['token'])}` }
      const post = data(
        await send(port, 'POST', '/v1/posts', {
          headers: auth,
          body: { title: 'Through the pooler', visibility: 'public' },
        }),
        201,
      )
      const bytes = randomBytes(64 * 1024)
      const attachment = data(
        await send(port, 'POST', `/v1/posts/${String(post['id'])}/attachments?filename=noise.bin`, {
          headers: { ...auth, 'content-type': 'application/octet-stream' },
          body: bytes,
        }),
        201,
      )
      const comment = data(
        await send(port, 'POST', `/v1/posts/${String(post['id'])}/comments`, {
          headers: auth,
          body: { body: 'pooled comment' },
        }),
        201,
      )
      const posts = (await send(port, 'GET', '/v1/posts')).body
      assert.ok(posts.includes(String(post['id'])))
      const comments = (await send(port, 'GET', `/v1/posts/${String(post['id'])}/comments`)).body
      assert.ok(comments.includes(String(comment['id'])))
      const content = (
        await send(
          port,
          'GET',
          `/v1/posts/${String(post['id'])}/attachments/${String(attachment['id'])}/content`,
        )
      ).bytes
      assert.ok(content.equals(bytes), 'the bytes come back unchanged')
      const logout = await send(port, 'DELETE', `/v1/sessions/${String(session['id'])}`, { headers: auth })
      assert.equal(logout.status, 204)
      assert.equal((await send(port, 'GET', '/v1/me', { headers: auth })).status, 401)
      assert.equal((await send(port, 'GET', '/v1/ready')).status, 200)

      // PgBouncer carried the app's traffic: its pool for this database served transactions.
      const databaseName = new URL(direct).pathname.slice(1)
      const stats = await queryPostgres(
        withPort(`postgres://postgres@x/pgbouncer`, bouncer.port),
        'SHOW STATS',
      )
      const row = stats.rows.find((entry: Record<string, unknown>) => entry['database'] === databaseName) as
        Record<string, unknown> | undefined
      assert.ok(Number(row?.['total_xact_count']) > 10, JSON.stringify(row))
    },
  )

  it(
    'DATABASE_MIGRATION_URL is what migrations use: an unreachable one stops start-up',
    { skip: SKIP },
    async (t) => {
      await ensureBuilt(t)
      const direct = await freshDatabaseUrl(t, 'postgres')
      const nowhere = withPort(direct, await freePort())
      const server = startServer(t, { DATABASE_URL: direct, DATABASE_MIGRATION_URL: nowhere })
      assert.deepEqual(await server.exited, { code: 1, signal: null })
      assert.match(server.stderr(), /ECONNREFUSED/)
      const tables = await queryPostgres(
        direct,
        `select count(*)::int as n from information_schema.tables where table_name = 'users'`,
      )
      assert.equal((tables.rows[0] as { n: number }).n, 0, 'nothing was migrated through DATABASE_URL')
    },
  )
})
