import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'kysely'
import type pg from 'pg'
import { loadConfig } from '../../src/config.js'
import { compiledQuery } from '../../src/db/compiled.js'
import { createDb } from '../../src/db/database.js'
import { binaryCopy } from '../../src/db/postgres-binary-copy.js'
import {
  buildTestApp,
  freshDatabaseUrl,
  POSTGRES_ADMIN_URL,
  queryPostgres,
  registerAndLogin,
  TEST_ENGINE,
} from '../helpers.js'

/** Runs one statement as the test server's administrator. */
function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  return queryPostgres(POSTGRES_ADMIN_URL, text, values)
}

describe('database layer', () => {
  describe('happy', () => {
    it('SQLite opens with WAL, foreign keys and no busy wait inside SQLite (the driver waits on timers)', async (t) => {
      const url = await freshDatabaseUrl(t, 'sqlite')
      const db = createDb({ kind: 'sqlite', path: url.slice('sqlite:'.length) })
      t.after(() => db.destroy())
      const pragma = async (name: string): Promise<unknown> => {
        const { rows } = await sql<
          Record<string, unknown>
        >`select * from ${sql.raw(`pragma_${name}`)}`.execute(db)
        return Object.values(rows[0] ?? {})[0]
      }
      assert.equal(await pragma('journal_mode'), 'wal')
      assert.equal(await pragma('foreign_keys'), 1)
      assert.equal(await pragma('busy_timeout'), 0)
    })
    it(
      'PostgreSQL keeps only the rate-limit counters in an unlogged table: their commits wait for no WAL flush',
      { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
      async (t) => {
        const { app } = await buildTestApp(t, {}, { engine: 'postgres' })
        const { rows } = await sql<{ relname: string; relpersistence: string }>`
          select c.relname, c.relpersistence from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(app.db)
        const unlogged = rows.filter((row) => row.relpersistence === 'u').map((row) => row.relname)
        assert.deepEqual(unlogged, ['rate_limits'])
        assert.ok(rows.some((row) => row.relname === 'sessions' && row.relpersistence === 'p'))
      },
    )
    it(
      'PostgreSQL: a binary COPY hands back each field’s bytes as stored, its values written in as literals',
      { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
      async (t) => {
        const { app } = await buildTestApp(t, {}, { engine: 'postgres' })
        const copy = compiledQuery((db, v: { text: string; number: number; rows: number }) =>
          binaryCopy(sql`select ${v.text}::text, ${v.number}::int8, null::bytea, g::int4,
            decode(repeat(lpad(to_hex(g), 2, '0'), 300000), 'hex')
            from generate_series(1, ${v.rows}) as g`),
        )
        // Quotes, a backslash and a placeholder-like `$1` in a value stay the value.
        const text = `it's a \\ back'slash $1 ''; drop table posts; --`
        const rows = await copy.rows(app.db, { text, number: -(2 ** 40), rows: 12 })
        assert.equal(rows.length, 12)
        rows.forEach((row, index) => {
          const [textField, numberField, nullField, indexField, bytesField] = row
          assert.equal(textField?.toString('utf8'), text)
          assert.equal(numberField?.readBigInt64BE(0), BigInt(-(2 ** 40)))
          assert.equal(nullField, null)
          assert.equal(indexField?.readInt32BE(0), index + 1)
          // 3.6 MB of rows arrive over many socket reads: each row keeps its own bytes.
          assert.ok(bytesField?.equals(Buffer.alloc(300000, index + 1)), `row ${index + 1}'s bytes`)
        })
        assert.deepEqual(await copy.rows(app.db, { text, number: 0, rows: 0 }), [])
        // A failing COPY is an error like any query's, and the connection serves the next one.
        const failing = compiledQuery((db, v: { divisor: number }) =>
          binaryCopy(sql`select 1 / ${v.divisor}`),
        )
        await assert.rejects(failing.rows(app.db, { divisor: 0 }), /division by zero/)
        // A value with no literal form here (bytes) is refused before anything is sent.
        const withBytes = compiledQuery((db, v: { bytes: Buffer }) =>
          binaryCopy(sql`select ${v.bytes}::bytea`),
        )
        await assert.rejects(withBytes.rows(app.db, { bytes: Buffer.from('x') }), /takes strings and numbers/)
        const [one] = await failing.rows(app.db, { divisor: 1 })
        assert.equal(one?.[0]?.readInt32BE(0), 1)
        const exists = await sql<{ n: number }>`select count(*)::int as n from posts`.execute(app.db)
        assert.equal(exists.rows[0]?.n, 0)
      },
    )
  })

  describe('concurrency', () => {
    it(`transactions started at once each get the connection in turn, and statements between them stay outside them (${TEST_ENGINE})`, async (t) => {
      const db = createDb(loadConfig({ DATABASE_URL: await freshDatabaseUrl(t) }).database)
      t.after(() => db.destroy())
      await sql`create table entries (label text not null)`.execute(db)
      const insert = (executor: typeof db, label: string) =>
        sql`insert into entries values (${label})`.execute(executor)
      const failure = new Error('roll this one back')
      const outcomes = await Promise.allSettled([
        ...Array.from({ length: 5 }, (_, i) =>
          db.transaction().execute(async (trx) => {
            await insert(trx, `t${i}a`)
            await delay(5)
            await insert(trx, `t${i}b`)
            if (i % 2 === 1) throw failure
          }),
        ),
        // Plain statements issued while the transactions queue: none may run inside one (and be rolled back).
        ...Array.from({ length: 5 }, async (_, i) => {
          await delay(i * 3)
          await insert(db, `s${i}`)
        }),
      ])
      assert.deepEqual(
        outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'ok' : String(outcome.reason))),
        ['ok', String(failure), 'ok', String(failure), 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
      )
      const { rows } = await sql<{ label: string }>`select label from entries order by label`.execute(db)
      assert.deepEqual(
        rows.map((row) => row.label),
        ['s0', 's1', 's2', 's3', 's4', 't0a', 't0b', 't2a', 't2b', 't4a', 't4b'],
      )
    })
  })

  describe('errors', () => {
    it(
      'PostgreSQL ending the app’s idle connections neither crashes the process nor breaks the next request',
      { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
      async (t) => {
        const { app } = await buildTestApp(t, {}, { engine: 'postgres' })
        const user = await registerAndLogin(app)
        const databaseName = await app.db
          .selectNoFrom(sql<string>`current_database()`.as('name'))
          .executeTakeFirstOrThrow()

        // What a server restart or an administrator does to the pool's idle connections.
        const terminated = await adminQuery(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName.name],
        )
        await adminQuery('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          terminated.rows.map((row) => (row as { pid: number }).pid),
        ])
        const pids = terminated.rows.map((row) => (row as { pid: number }).pid)
        // Waits for the ended connections only: the sole-instance lock reconnects at once, so the
        // database's connection count need never reach zero. Bounded, so a change there cannot hang the run.
        const deadline = Date.now() + 10_000
        for (;;) {
          const { rows } = await adminQuery(
            'select count(*)::int as n from pg_stat_activity where pid = any($1::int[])',
            [pids],
          )
          if ((rows[0] as { n: number }).n === 0) break
          assert.ok(Date.now() < deadline, 'the terminated connections did not go away within 10 s')
          await delay(20)
        }
        await delay(100) // let the termination notices reach the pool

        const me = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
        assert.equal(me.statusCode, 200, me.body)
      },
    )
  })
})
