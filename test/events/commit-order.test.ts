import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it, type TestContext } from 'node:test'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { loadConfig } from '../../src/config.js'
import { createDb, dialectOf, type Db } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { appendEvents } from '../../src/event-log/event-log.queries.js'
import {
  findEventsAfter,
  latestEventId,
  resumableAfter,
  trimEvents,
} from '../../src/events/events.queries.js'
import { freshDatabaseUrl, registerAndLogin, TEST_ENGINE } from '../helpers.js'
import { createPost, type PostBody } from '../content-helpers.js'
import { listening, subscribe, type SseStream } from './stream-helpers.js'

// Cursors from a sequence: on PostgreSQL a later cursor may commit first, and no reader may pass the
// earlier one while its transaction can still commit. These tests hold a transaction open on a
// connection of their own, with a cursor taken, while the app commits a later one.

const SQLITE_ONLY = { skip: TEST_ENGINE !== 'sqlite' && 'PostgreSQL numbers events from its sequence' }
const POSTGRES_ONLY = { skip: TEST_ENGINE !== 'postgres' && 'cursors commit in order on SQLite' }

/** A transaction on a connection of its own that has taken the next cursor, as appendEvents would. */
async function heldAppend(
  t: TestContext,
  url: string,
  title: string,
): Promise<{ id: number; client: pg.Client }> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  t.after(() => client.end().catch(() => undefined))
  await client.query('begin')
  // A change writes before it appends (appendEvents' rule): its transaction then has an ID.
  await client.query('select pg_current_xact_id()')
  const { rows } = await client.query<{ id: string }>(
    `insert into events (type, post_id, owner_id, visibility, previous_visibility, payload, created_at)
     values ('post.created', $1, 'held', 'public', null, $2, $3) returning id`,
    ['01900000-0000-7000-8000-0000000000aa', JSON.stringify({ id: 'held', title }), Date.now()],
  )
  return { id: Number(rows[0]?.id), client }
}

/** The events a stream has received so far: [cursor, title]. */
function received(stream: SseStream): Array<[number, string]> {
  return stream.messages.map((message) => {
    const { data } = JSON.parse(message.data) as { data: PostBody }
    return [Number(message.id), data.title]
  })
}

describe('events: cursors that commit out of order', () => {
  it(
    'a live stream gets a later cursor only after the earlier one commits, both once and in order; a resumed one too',
    POSTGRES_ONLY,
    async (t) => {
      const { app, port, databaseUrl } = await listening(t)
      const author = await registerAndLogin(app)
      const live = await subscribe(t, port, 'posts')
      const before = await createPost(app, author, { title: 'before' })
      await live.until(() => live.messages.length === 1, 'the first event')
      const [[beforeId] = [0]] = received(live)

      const held = await heldAppend(t, databaseUrl, 'held')
      await createPost(app, author, { title: 'later' })
      // A stream resuming from before the held cursor, while it is still held.
      const resumed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(beforeId) })
      // The later event has committed (and its NOTIFY sent): nobody gets it while the held one may commit.
      await sleep(600)
      assert.deepEqual(received(live), [[beforeId, before.title]])
      assert.deepEqual(received(resumed), [])

      await held.client.query('commit')
      const expected: Array<[number, string]> = [
        [held.id, 'held'],
        [held.id + 1, 'later'],
      ]
      await live.until(() => live.messages.length >= 3, 'both events on the live stream')
      await resumed.until(() => resumed.messages.length >= 2, 'both events on the resumed stream')
      await sleep(300)
      assert.deepEqual(received(live), [[beforeId, before.title], ...expected])
      assert.deepEqual(received(resumed), expected)
    },
  )

  it(
    'a cursor whose transaction rolls back holds a stream back only until it has ended',
    POSTGRES_ONLY,
    async (t) => {
      const { app, port, databaseUrl } = await listening(t)
      const author = await registerAndLogin(app)
      const live = await subscribe(t, port, 'posts')
      const held = await heldAppend(t, databaseUrl, 'rolled back')
      const later = await createPost(app, author, { title: 'after the rollback' })
      await sleep(400)
      assert.equal(live.messages.length, 0)
      await held.client.query('rollback')
      const rolledBackAt = Date.now()
      await live.until(() => live.messages.length === 1, 'the later event', 2000)
      assert.ok(
        Date.now() - rolledBackAt < 1000,
        `delivered ${Date.now() - rolledBackAt} ms after the rollback`,
      )
      assert.deepEqual(received(live), [[held.id + 1, later.title]])

      // A stream resuming from before the gap passes it at once: no transaction can fill it any more.
      const resumed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(held.id - 1) })
      await resumed.until(() => resumed.messages.length === 1, 'the later event on the resumed stream', 2000)
      assert.deepEqual(received(resumed), [[held.id + 1, later.title]])
    },
  )
})

/** A database on the test's engine, migrated to `name`. */
async function migratedTo(t: TestContext, name: string): Promise<Db> {
  const db = createDb(loadConfig({ DATABASE_URL: await freshDatabaseUrl(t) }).database)
  t.after(() => db.destroy())
  await migrateTo(db, name)
  return db
}

const OLD_SCHEME = '2026-11-27-02-events'
const SEQUENCE_SCHEME = '2026-11-27-03-event-sequence'

describe('events: the move to a sequence (2026-11-27-03-event-sequence)', () => {
  it('keeps the events written under the cursor row and numbers new ones past its cursor, down and up again', async (t) => {
    const db = await migratedTo(t, OLD_SCHEME)
    const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>
    const event = (id: number): Record<string, unknown> => ({
      id,
      type: 'post.created',
      post_id: null,
      owner_id: 'u',
      visibility: 'public',
      previous_visibility: null,
      payload: `{"id":"${String(id)}"}`,
      created_at: 1000 + id,
    })
    // Events 1 and 2 trimmed, 6 and 7 handed out by the cursor row to changes that were never kept.
    await loose
      .insertInto('events')
      .values([event(3), event(4), event(5)])
      .execute()
    await loose.insertInto('event_cursor').values({ id: 1, value: 7 }).execute()

    await migrateTo(db, SEQUENCE_SCHEME)
    assert.deepEqual(
      (await findEventsAfter(db, 0, 10)).map((row) => [row.id, row.payload]),
      [3, 4, 5].map((id) => [id, `{"id":"${String(id)}"}`]),
    )
    // Trimmed through the cursor before the oldest kept event.
    assert.deepEqual(await watermarkRows(db), [2])
    assert.deepEqual(await Promise.all([1, 2, 4, 5, 6].map((cursor) => resumableAfter(db, cursor))), [
      false,
      true,
      true,
      true,
      false,
    ])
    // As this scheme's insert did: the database numbers the event.
    const append = async (): Promise<void> => {
      const { id: _id, ...numbered } = event(0)
      await loose.insertInto('events').values(numbered).execute()
    }
    await append()
    assert.deepEqual(
      (await findEventsAfter(db, 5, 10)).map((row) => row.id),
      [8],
    )
    const tables =
      dialectOf(db) === 'postgres'
        ? sql<{
            name: string
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`
        : sql<{ name: string }>`select name from sqlite_master where type = 'table'`
    assert.ok(!(await tables.execute(db)).rows.some((row) => row.name === 'event_cursor'))
    if (dialectOf(db) === 'postgres') {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_trigger where tgname = 'events_notify'`.execute(db)
      assert.equal(rows[0]?.n, 0)
    }
    // The retention job's index came back with the rebuilt table.
    const index =
      dialectOf(db) === 'postgres'
        ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'events'`
        : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'events'`
    assert.ok((await index.execute(db)).rows.some((row) => row.name === 'events_created_at'))

    // Down: the cursor row holds the last cursor handed out; up again goes on past it.
    await migrateTo(db, OLD_SCHEME)
    const cursor = await loose.selectFrom('event_cursor').select('value').executeTakeFirst()
    assert.equal(cursor?.['value'], 8)
    await migrateTo(db, SEQUENCE_SCHEME)
    assert.deepEqual(await watermarkRows(db), [2])
    await append()
    assert.deepEqual(
      (await findEventsAfter(db, 5, 10)).map((row) => row.id),
      [8, 9],
    )
  })

  it('seeds the watermark of an emptied outbox from the cursor row, and none for an outbox never used', async (t) => {
    const db = await migratedTo(t, OLD_SCHEME)
    const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>
    // Every event up to 7 handed out and trimmed.
    await loose.insertInto('event_cursor').values({ id: 1, value: 7 }).execute()
    await migrateTo(db, SEQUENCE_SCHEME)
    assert.deepEqual(await watermarkRows(db), [7])
    assert.equal(await latestEventId(db), 7)
    assert.deepEqual(await Promise.all([0, 6, 7, 8].map((cursor) => resumableAfter(db, cursor))), [
      false,
      false,
      true,
      false,
    ])

    const unused = await migratedTo(t, OLD_SCHEME)
    await migrateTo(unused, SEQUENCE_SCHEME)
    assert.deepEqual(await watermarkRows(unused), [])
    assert.deepEqual(await Promise.all([0, 1].map((cursor) => resumableAfter(unused, cursor))), [true, false])
  })
})

describe('events: a lean outbox (2026-11-27-04-lean-events)', () => {
  /** The indexes on the events table, and (SQLite) whether its cursor is AUTOINCREMENT. */
  async function eventsSchema(db: Db): Promise<{ indexes: string[]; autoIncrement: boolean }> {
    if (dialectOf(db) === 'postgres') {
      const { rows } = await sql<{ name: string }>`
        select indexname as name from pg_indexes where tablename = 'events' order by 1`.execute(db)
      return { indexes: rows.map((row) => row.name), autoIncrement: false }
    }
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where tbl_name = 'events' order by name`.execute(db)
    return {
      indexes: rows.filter((row) => row.type === 'index').map((row) => row.name),
      autoIncrement: rows.some((row) => row.type === 'table' && /autoincrement/i.test(row.sql ?? '')),
    }
  }

  const append = (db: Db): Promise<void> =>
    appendEvents(db, [{ type: 'user.updated', postId: null, ownerId: 'u', visibility: 'private', data: {} }])

  /** The newest event's cursor. */
  async function newest(db: Db): Promise<number | undefined> {
    const row = await db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst()
    return row?.id
  }

  /** An event row as an older scheme's insert wrote it: with its cursor, or numbered by the table. */
  const oldEvent = (id?: number): Record<string, unknown> => ({
    ...(id === undefined ? {} : { id }),
    type: 'post.created',
    post_id: null,
    owner_id: 'u',
    visibility: 'public',
    previous_visibility: null,
    payload: '{}',
    created_at: 1000,
  })

  /** The sequence scheme's outbox keeping events 3 to 5, trimmed through 2. */
  async function keptThreeToFive(
    t: TestContext,
  ): Promise<{ db: Db; loose: Kysely<Record<string, Record<string, unknown>>> }> {
    const db = await migratedTo(t, SEQUENCE_SCHEME)
    const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>
    await loose
      .insertInto('events')
      .values([oldEvent(3), oldEvent(4), oldEvent(5)])
      .execute()
    await loose.insertInto('event_watermark').values({ id: 1, trimmed_through: 2 }).execute()
    return { db, loose }
  }

  it('numbers new events past the kept ones and the watermark, even once every event is trimmed, down and up again', async (t) => {
    const { db, loose } = await keptThreeToFive(t)
    if (dialectOf(db) === 'postgres') {
      // As if the sequence had numbered them.
      await sql`select setval(pg_get_serial_sequence('events', 'id'), 5)`.execute(db)
    }
    const before = await eventsSchema(db)
    assert.ok(before.indexes.includes('events_created_at'))
    assert.equal(before.autoIncrement, dialectOf(db) === 'sqlite')

    await migrateToLatest(db)
    assert.deepEqual(await eventsSchema(db), {
      indexes: dialectOf(db) === 'postgres' ? ['events_pkey'] : [],
      autoIncrement: false,
    })
    assert.deepEqual(
      (await findEventsAfter(db, 0, 10)).map((row) => row.id),
      [3, 4, 5],
    )
    assert.deepEqual(await watermarkRows(db), [2])
    await append(db)
    assert.equal(await newest(db), 6)
    // Retention empties the outbox: the next cursor still follows the last one handed out.
    assert.equal(await db.transaction().execute((trx) => trimEvents(trx, Date.now() + 1000, 500)), 4)
    assert.equal(await newest(db), undefined)
    assert.deepEqual(await watermarkRows(db), [6])
    await append(db)
    assert.equal(await newest(db), 7)

    // Down: the counter (SQLite) and the index come back, and go on past the watermark.
    await db.transaction().execute((trx) => trimEvents(trx, Date.now() + 1000, 500))
    await migrateTo(db, SEQUENCE_SCHEME)
    assert.deepEqual(await eventsSchema(db), before)
    await loose.insertInto('events').values(oldEvent()).execute()
    assert.equal(await newest(db), 8)
    await migrateToLatest(db)
    await append(db)
    assert.equal(await newest(db), 9)
  })

  it(
    'SQLite: a counter past every kept event and the watermark raises the watermark to it',
    SQLITE_ONLY,
    async (t) => {
      const { db } = await keptThreeToFive(t)
      // Numbers 6 and 7 handed out to changes that left no row.
      await sql`update sqlite_sequence set seq = 7 where name = 'events'`.execute(db)
      await migrateToLatest(db)
      assert.deepEqual(await watermarkRows(db), [7])
      assert.equal(await newest(db), undefined)
      await append(db)
      assert.equal(await newest(db), 8)
    },
  )
})

/** The retention watermark's rows: one once anything was trimmed, none before. */
async function watermarkRows(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('event_watermark').select('trimmed_through').execute()
  return rows.map((row) => row.trimmed_through)
}
