import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { loadConfig } from '../../src/config.js'
import { copyDatabase, CopyRefused, tablesInOrder } from '../../src/transfer/copy.js'
import { listTables, type Row } from '../../src/transfer/transfer.queries.js'
import { createDb, dialectOf, type Db } from '../../src/db/database.js'
import { appendEvents } from '../../src/event-log/event-log.queries.js'
import { latestEventId, resumableAfter } from '../../src/events/events.queries.js'
import { sweepExpired } from '../../src/maintenance.js'
import { MIGRATION_NAMES, migrateToLatest } from '../../src/db/migrate.js'
import { ensureBuilt, runNode, send, startListening, type CommandRun } from '../e2e/built-server.js'
import {
  buildTestApp,
  freshDatabaseUrl,
  registerAndLogin,
  tempDir,
  TEST_ENGINE,
  type TestApp,
} from '../helpers.js'
import { createPost } from '../content-helpers.js'
import { totpCode } from '../recovery-helpers.js'

// `npm run data -- copy` and `npm run data -- backup`: every row moves, both directions, verified.

const POSTGRES_ONLY = { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' }
const SQLITE_ONLY = { skip: TEST_ENGINE !== 'sqlite' && 'runs in the SQLite pass' }

/** A database handle on a URL, closed when the test ends. */
function open(t: TestContext, url: string): Db {
  const db = createDb(loadConfig({ DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT: '0' }).database)
  t.after(() => db.destroy())
  return db
}

/** Fills an app's database through the API: users, sessions, posts, attachments (binary), comments, counters. */
async function seed({ app }: TestApp): Promise<void> {
  const users = [await registerAndLogin(app, 'ada'), await registerAndLogin(app, 'bob')]
  for (const [index, user] of users.entries()) {
    await app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: user.auth,
      payload: { display_name: `User ${index} ✓`, preferences: { theme: 'dark', nested: { n: index } } },
    })
    for (let n = 0; n < 7; n += 1) {
      const post = await app.inject({
        method: 'POST',
        url: '/v1/posts',
        headers: user.auth,
        payload: {
          title: `Post ${n} — ünïcode`,
          body: 'x'.repeat(n * 50),
          visibility: n % 2 ? 'private' : 'public',
        },
      })
      const postId = (JSON.parse(post.body) as { data: { id: string } }).data.id
      // Every byte value, so no text conversion can pass unnoticed.
      const bytes = Buffer.from(Array.from({ length: 256 + n }, (_, i) => i % 256))
      const attachment = await app.inject({
        method: 'POST',
        url: `/v1/posts/${postId}/attachments?filename=blob-${n}.bin`,
        headers: { ...user.auth, 'content-type': 'image/png' },
        payload: bytes,
      })
      assert.equal(attachment.statusCode, 201, attachment.body)
      const attachmentId = (JSON.parse(attachment.body) as { data: { id: string } }).data.id
      await app.inject({
        method: 'POST',
        url: `/v1/posts/${postId}/attachments/${attachmentId}/select`,
        headers: user.auth,
      })
      await app.inject({
        method: 'POST',
        url: `/v1/posts/${postId}/comments`,
        headers: user.auth,
        payload: { body: `comment on ${n}` },
      })
      await app.inject({
        method: 'POST',
        url: `/v1/posts/${postId}/attachments/${attachmentId}/comments`,
        headers: user.auth,
        payload: { body: `comment on blob ${n}` },
      })
    }
  }
  // The account tables: a password-reset token (and its mail), a confirmed TOTP with recovery codes.
  const [ada, bob] = users
  assert.ok(ada && bob)
  const reset = await app.inject({
    method: 'POST',
    url: '/v1/password-resets',
    payload: { email: ada.email },
  })
  assert.equal(reset.statusCode, 202, reset.body)
  const enrolment = await app.inject({
    method: 'POST',
    url: '/v1/me/totp',
    headers: bob.auth,
    payload: { password: bob.password },
  })
  assert.equal(enrolment.statusCode, 201, enrolment.body)
  const { secret } = (JSON.parse(enrolment.body) as { data: { secret: string } }).data
  const confirmed = await app.inject({
    method: 'POST',
    url: '/v1/me/totp/confirm',
    headers: bob.auth,
    payload: { code: totpCode(secret) },
  })
  assert.equal(confirmed.statusCode, 200, confirmed.body)
  // A failed login leaves a rate-limit counter.
  await app.inject({
    method: 'POST',
    url: '/v1/sessions',
    payload: { email: users[0]?.email, password: 'not the password at all' },
  })
}

/** Every row of every table, sorted by key, in one comparable form (bytes as hex). */
async function everyRow(db: Db): Promise<Record<string, Row[]>> {
  const all: Record<string, Row[]> = {}
  for (const [table, plan] of tablesInOrder()) {
    const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(db)
    const comparable = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          Buffer.isBuffer(value)
            ? `hex:${value.toString('hex')}`
            : typeof value === 'boolean'
              ? Number(value)
              : value,
        ]),
      ),
    )
    const keyOf = (row: Row): string => plan.key.map((column) => String(row[column])).join('\u0000')
    all[table] = comparable.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
  }
  return all
}

/** Copies and asserts the report and the rows: the target holds exactly the source's rows. */
async function copyAndCompare(source: Db, target: Db, batchRows: number): Promise<void> {
  const progress: Array<[string, number, number]> = []
  const reports = await copyDatabase(source, target, {
    batchRows,
    onProgress: (table, copied, total) => progress.push([table, copied, total]),
  })
  assert.deepEqual(
    reports.map((report) => report.table),
    tablesInOrder().map(([table]) => table),
  )
  for (const report of reports) {
    assert.ok(report.matches, `${report.table}: ${JSON.stringify(report)}`)
    assert.equal(report.sourceChecksum, report.targetChecksum)
  }
  const sourceRows = await everyRow(source)
  for (const [table, least] of Object.entries({
    posts: 14,
    attachments: 14,
    attachment_chunks: 14,
    comments: 28,
    rate_limits: 1,
    account_tokens: 1,
    totp_credentials: 1,
    recovery_codes: 10,
  })) {
    assert.ok((sourceRows[table]?.length ?? 0) >= least, `the seed filled ${table}`)
  }
  assert.deepEqual(await everyRow(target), sourceRows)
  // Several batches were reported for the bigger tables, ending at their totals.
  const postsProgress = progress.filter(([table]) => table === 'posts')
  assert.ok(postsProgress.length > 2, JSON.stringify(postsProgress))
  assert.deepEqual(postsProgress.at(-1), ['posts', 14, 14])
}

/** `npm run data -- ARGS`, from the sources. */
function runData(args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  return runNode(['--import', 'tsx', join('src', 'transfer', 'cli.ts'), ...args], env)
}

describe('data copy and backup', () => {
  describe('the table list', () => {
    it('names every table of the migrated schema, parents before children', async (t) => {
      const db = open(t, await freshDatabaseUrl(t))
      await migrateToLatest(db)
      const listed = tablesInOrder().map(([table]) => table)
      const actual = (await listTables(db)).filter((table) => !table.startsWith('quire_migrations'))
      assert.deepEqual([...listed].sort(), actual, 'add new tables to TABLES_IN_ORDER in src/db/tables.ts')

      // Every foreign key points to a table listed earlier.
      const { rows } =
        dialectOf(db) === 'postgres'
          ? await sql<{ child: string; parent: string }>`
              select tc.table_name as child, ccu.table_name as parent
              from information_schema.table_constraints tc
              join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
              where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db)
          : await sql<{ child: string; parent: string }>`
              select m.name as child, f."table" as parent
              from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table'`.execute(db)
      assert.ok(rows.length > 0)
      for (const { child, parent } of rows) {
        if (child === parent) continue
        assert.ok(listed.indexOf(parent) < listed.indexOf(child), `${parent} must come before ${child}`)
      }
    })
  })

  describe('copy', () => {
    it('SQLite → PostgreSQL → SQLite keeps every row, bytes included', POSTGRES_ONLY, async (t) => {
      const source = await buildTestApp(t, {}, { engine: 'sqlite' })
      await seed(source)
      const postgres = open(t, await freshDatabaseUrl(t, 'postgres'))
      await copyAndCompare(source.db, postgres, 3)
      // Analysed after loading, so its first queries are planned from the copied data.
      const { rows: analysed } = await sql<{ relname: string }>`
        select relname from pg_stat_user_tables where last_analyze is not null`.execute(postgres)
      assert.ok(
        analysed.some((row) => row.relname === 'posts'),
        JSON.stringify(analysed),
      )
      const back = open(t, await freshDatabaseUrl(t, 'sqlite'))
      await copyAndCompare(postgres, back, 4)
      assert.deepEqual(await everyRow(back), await everyRow(source.db))
      // The database numbers new events past the copied ones (PostgreSQL's sequence was advanced).
      const copied = await latestEventId(source.db)
      assert.ok(copied > 0)
      for (const target of [postgres, back]) {
        await appendEvents(target, [
          { type: 'user.updated', postId: null, ownerId: 'u', visibility: 'private', data: {} },
        ])
        assert.equal(await latestEventId(target), copied + 1, dialectOf(target))
      }
    })

    it('SQLite → SQLite in small batches', SQLITE_ONLY, async (t) => {
      const source = await buildTestApp(t, {}, { engine: 'sqlite' })
      await seed(source)
      await copyAndCompare(source.db, open(t, await freshDatabaseUrl(t, 'sqlite')), 3)
    })

    it('a copy of an outbox retention emptied resumes and resets the same cursors, and numbers past them', async (t) => {
      const source = await buildTestApp(t, { EVENTS_RETENTION: '1h' })
      const author = await registerAndLogin(source.app)
      for (let i = 0; i < 3; i++) await createPost(source.app, author)
      await sweepExpired(source.app, Date.now() + 61 * 60_000)
      const trimmed = await latestEventId(source.db)
      assert.ok(trimmed > 0)
      assert.equal(await source.db.selectFrom('events').select('id').executeTakeFirst(), undefined)
      const cursors = [0, trimmed - 1, trimmed, trimmed + 1]
      const resumable = await Promise.all(cursors.map((cursor) => resumableAfter(source.db, cursor)))
      assert.deepEqual(resumable, [false, false, true, false])

      const engines = TEST_ENGINE === 'postgres' ? (['postgres', 'sqlite'] as const) : (['sqlite'] as const)
      for (const engine of engines) {
        const target = open(t, await freshDatabaseUrl(t, engine))
        const reports = await copyDatabase(source.db, target)
        assert.ok(
          reports.every((report) => report.matches),
          JSON.stringify(reports),
        )
        assert.deepEqual(
          await Promise.all(cursors.map((cursor) => resumableAfter(target, cursor))),
          resumable,
          engine,
        )
        // The next event follows the trimmed ones: a stream resuming after them is sent it.
        await appendEvents(target, [
          { type: 'user.updated', postId: null, ownerId: 'u', visibility: 'private', data: {} },
        ])
        assert.equal(await latestEventId(target), trimmed + 1, engine)
      }
    })

    it('a non-empty target is refused and left as it was', async (t) => {
      const source = await buildTestApp(t)
      await seed(source)
      const target = await buildTestApp(t)
      const someone = await registerAndLogin(target.app, 'already')
      await assert.rejects(copyDatabase(source.db, target.db), (error: unknown) => {
        assert.ok(error instanceof CopyRefused)
        assert.match(error.message, /not empty: users \(1 rows\), sessions \(1 rows\)/)
        return true
      })
      const users = await target.db.selectFrom('users').select('id').execute()
      assert.deepEqual(users, [{ id: someone.id }])
      assert.equal((await target.db.selectFrom('posts').select('id').execute()).length, 0)
    })

    it('a source that is not a migrated Quire database is refused', async (t) => {
      const empty = open(t, await freshDatabaseUrl(t))
      await assert.rejects(copyDatabase(empty, open(t, await freshDatabaseUrl(t))), /no migrations applied/)
    })

    it(
      'the command line copies, prints counts and checksums, and refuses a second run into the now full target',
      SQLITE_ONLY,
      async (t) => {
        const source = await buildTestApp(t, {}, { engine: 'sqlite' })
        await seed(source)
        const to = await freshDatabaseUrl(t, 'sqlite')
        const first = await runData(['copy', '--from', source.databaseUrl, '--to', to, '--batch-rows', '5'])
        assert.equal(first.code, 0, first.stderr)
        assert.match(first.stdout, /^posts\s+14\s+14\s+ok [0-9a-f]{16}$/m)
        assert.match(first.stdout, /every table's count and checksum match/)
        assert.match(
          first.stderr,
          /^attachments: 14 rows$/m,
          'progress, one line per table when not a terminal',
        )

        const second = await runData(['copy', '--from', source.databaseUrl, '--to', to])
        assert.equal(second.code, 1)
        assert.match(second.stderr, /^quire data: refused: the target is not empty: users \(2 rows\)/)

        const usage = await runData(['copy', '--from', source.databaseUrl])
        assert.equal(usage.code, 2)
        assert.match(usage.stderr, /--to is required/)
        const same = await runData(['copy', '--from', source.databaseUrl, '--to', source.databaseUrl])
        assert.equal(same.code, 2)
        assert.match(same.stderr, /the same database/)
        const secret = await runData(['copy', '--from', 'mysql://u:hunter2secret@h/db', '--to', to])
        assert.equal(secret.code, 2)
        assert.ok(!secret.stderr.includes('hunter2secret'))
      },
    )
  })

  describe('backup', () => {
    it(
      'backs up a running server’s SQLite database during writes; the backup opens and is consistent',
      SQLITE_ONLY,
      async (t) => {
        await ensureBuilt(t)
        // The writer posts as fast as it can during the backup: the per-user post limit is not tested here.
        const server = await startListening(t, { USER_POST_LIMIT: '1000000/1m' })
        const path = join(server.dataDir, 'nested', 'quire.db')
        const email = `backup-${Date.now()}@example.com`
        const password = 'correct horse backup staple'
        assert.equal(
          (await send(server.port, 'POST', '/v1/register', { body: { email, password } })).status,
          201,
        )
        const login = await send(server.port, 'POST', '/v1/sessions', { body: { email, password } })
        const token = (JSON.parse(login.body) as { data: { token: string } }).data.token

        const control = { writing: true }
        let acknowledged = 0
        const writer = (async () => {
          while (control.writing) {
            const answer = await send(server.port, 'POST', '/v1/posts', {
              headers: { authorization: `Bearer ${token}` },
              body: { title: `during backup ${acknowledged}`, body: 'y'.repeat(2000) },
            })
            assert.equal(answer.status, 201, answer.body)
            acknowledged += 1
          }
        })()
        while (acknowledged < 50) await new Promise((resolve) => setTimeout(resolve, 10))

        const dir = tempDir(t, 'quire-data-')
        const file = join(dir, 'quire-backup.db')
        const before = acknowledged
        const result = await runData(['backup', file], { DATABASE_URL: `sqlite:${path}` })
        const after = acknowledged
        control.writing = false
        await writer
        assert.equal(result.code, 0, result.stderr)
        assert.match(result.stdout, /integrity ok/)
        assert.ok(after > before, 'the server kept writing during the backup')

        const copy = new SQLite(file, { readonly: true })
        t.after(() => copy.close())
        assert.equal(
          (copy.pragma('integrity_check') as Array<{ integrity_check: string }>)[0]?.integrity_check,
          'ok',
        )
        const posts = (copy.prepare('select count(*) as n from posts').get() as { n: number }).n
        assert.ok(posts >= before && posts <= after + 1, `${before} ≤ ${posts} ≤ ${after}`)
        const migrations = copy.prepare('select name from quire_migrations order by name').all() as Array<{
          name: string
        }>
        assert.deepEqual(
          migrations.map((row) => row.name),
          [...MIGRATION_NAMES],
        )
        assert.ok(!existsSync(`${file}.partial`))

        // A second backup never overwrites the first.
        const again = await runData(['backup', file], { DATABASE_URL: `sqlite:${path}` })
        assert.equal(again.code, 1)
        assert.match(again.stderr, /exists; choose a new file name/)
      },
    )

    it(
      'backup refuses PostgreSQL (pg_dump is the tool there) and a missing database',
      SQLITE_ONLY,
      async (t) => {
        const dir = tempDir(t, 'quire-data-')
        const postgres = await runData(['backup', join(dir, 'b.db')], {
          DATABASE_URL: 'postgres://u:hunter2secret@db/quire',
        })
        assert.equal(postgres.code, 2)
        assert.match(postgres.stderr, /pg_dump/)
        assert.ok(!postgres.stderr.includes('hunter2secret'))
        writeFileSync(join(dir, 'marker'), '')
        const missing = await runData([
          'backup',
          join(dir, 'b.db'),
          '--from',
          `sqlite:${join(dir, 'none.db')}`,
        ])
        assert.equal(missing.code, 1)
        assert.match(missing.stderr, /no database at/)
      },
    )
  })
})
