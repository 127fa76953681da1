import assert from 'node:assert/strict'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it, type TestContext } from 'node:test'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { insertCommentWithEvent } from '../../src/comments/comments.queries.js'
import { watchCommits, type Db } from '../../src/db/database.js'
import { GROUP_COMMIT_MAX_UNITS } from '../../src/db/sqlite-driver.js'
import type { NewCommentRow, Tables } from '../../src/db/tables.js'
import type { NewEvent } from '../../src/event-log/event-log.queries.js'
import { EVENTS_CHANNEL } from '../../src/events/commit-notify.js'
import { newId } from '../../src/ids.js'
import { buildTestApp, registerAndLogin, TEST_ENGINE } from '../helpers.js'
import { createPost } from '../content-helpers.js'

// A write and its event in one statement (insertWithEvent): the event is written with its row and
// after it, or not at all, and the instance still tells the other instances once it commits.

const SQLITE_ONLY = { skip: TEST_ENGINE !== 'sqlite' && 'another process’s write lock is SQLite’s' }
const POSTGRES_ONLY = { skip: TEST_ENGINE !== 'postgres' && 'one statement on PostgreSQL only' }

/** A comment row on `postId` by `userId`, and the event it sends. */
function commentAndEvent(
  postId: string,
  userId: string,
): { row: NewCommentRow; event: NewEvent & { data: string } } {
  const now = Date.now()
  const id = newId(now)
  return {
    row: {
      id,
      post_id: postId,
      attachment_id: null,
      user_id: userId,
      body: 'Folded',
      version: 1,
      created_at: now,
      updated_at: now,
    },
    event: {
      type: 'comment.created',
      postId,
      ownerId: userId,
      visibility: 'public',
      data: `{"id":"${id}","body":"Folded"}`,
    },
  }
}

/** The payloads of the stored `comment.created` events, oldest first. */
async function commentPayloads(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('payload')
    .where('type', '=', 'comment.created')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.payload)
}

/** The IDs of a post's comments. */
async function commentIds(db: Db, postId: string): Promise<string[]> {
  const rows = await db.selectFrom('comments').select('id').where('post_id', '=', postId).execute()
  return rows.map((row) => row.id)
}

/**
 * Writes `count` comments with their events on a new post, all asked for in one turn of the event loop,
 * counting the commits that wrote events.
 */
async function writeInOneTurn(
  t: TestContext,
  count: number,
): Promise<{ db: Db; postId: string; commits: number; payloads: string[] }> {
  const { app } = await buildTestApp(t)
  const author = await registerAndLogin(app)
  const post = await createPost(app, author)
  let commits = 0
  watchCommits(
    app.db,
    (sql) => sql.startsWith('insert into "events"'),
    () => commits++,
  )
  const writes = Array.from({ length: count }, () => commentAndEvent(post.id, author.id))
  await Promise.all(writes.map(({ row, event }) => insertCommentWithEvent(app.db, row, event)))
  return { db: app.db, postId: post.id, commits, payloads: writes.map(({ event }) => event.data) }
}

describe('event-log: a write and its event together', () => {
  it('writes the row and its event, with the event’s data as given', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const { row, event } = commentAndEvent(post.id, author.id)
    await app.db.transaction().execute((trx) => insertCommentWithEvent(trx, row, event))
    const stored = await app.db
      .selectFrom('events')
      .select(['type', 'post_id', 'owner_id', 'visibility', 'previous_visibility', 'payload'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    assert.deepEqual(stored, {
      type: 'comment.created',
      post_id: post.id,
      owner_id: author.id,
      visibility: 'public',
      previous_visibility: null,
      payload: event.data,
    })
    const comment = await app.db
      .selectFrom('comments')
      .select('body')
      .where('id', '=', row.id)
      .executeTakeFirst()
    assert.equal(comment?.body, 'Folded')
  })

  it('writes no event when the row cannot be written', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const count = async (): Promise<number> =>
      Number(
        (
          await app.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      )
    const before = await count()
    // No such post: the comment's foreign key fails, alone and inside a caller's transaction.
    const alone = commentAndEvent(newId(), author.id)
    await assert.rejects(insertCommentWithEvent(app.db, alone.row, alone.event))
    const inside = commentAndEvent(newId(), author.id)
    await assert.rejects(
      app.db.transaction().execute((trx) => insertCommentWithEvent(trx, inside.row, inside.event)),
    )
    assert.equal(await count(), before)
  })

  it('SQLite: waits while another process holds the write lock, then writes both', SQLITE_ONLY, async (t) => {
    const { app, databaseUrl } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const other = new SQLite(new URL(databaseUrl).pathname)
    t.after(() => other.close())
    other.exec('begin immediate')
    // A group of three waits as one.
    const writes = Array.from({ length: 3 }, () => commentAndEvent(post.id, author.id))
    let done = false
    const writing = Promise.all(
      writes.map(({ row, event }) => insertCommentWithEvent(app.db, row, event)),
    ).then(() => {
      done = true
    })
    await sleep(50)
    assert.equal(done, false, 'written while another connection held the write lock')
    other.exec('commit')
    await writing
    assert.deepEqual(
      await commentPayloads(app.db),
      writes.map(({ event }) => event.data),
    )
    assert.equal((await commentIds(app.db, post.id)).length, 3)
  })

  it(
    'SQLite: writes asked for in one turn commit together, their events in the order asked',
    SQLITE_ONLY,
    async (t) => {
      const { db, postId, commits, payloads } = await writeInOneTurn(t, 5)
      assert.equal(commits, 1)
      assert.deepEqual(await commentPayloads(db), payloads)
      assert.equal((await commentIds(db, postId)).length, 5)
    },
  )

  it('SQLite: a write that fails in a group fails alone', SQLITE_ONLY, async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const writes = [
      commentAndEvent(post.id, author.id),
      commentAndEvent(newId(), author.id), // no such post: its foreign key fails
      commentAndEvent(post.id, author.id),
    ]
    const outcomes = await Promise.allSettled(
      writes.map(({ row, event }) => insertCommentWithEvent(app.db, row, event)),
    )
    assert.deepEqual(
      outcomes.map((outcome) => outcome.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    )
    assert.match(String((outcomes[1] as PromiseRejectedResult).reason), /FOREIGN KEY/)
    assert.deepEqual(await commentPayloads(app.db), [writes[0]?.event.data, writes[2]?.event.data])
  })

  it(
    'SQLite: a group commit takes at most its share of units; the rest commit next',
    SQLITE_ONLY,
    async (t) => {
      const { db, postId, commits } = await writeInOneTurn(t, GROUP_COMMIT_MAX_UNITS + 10)
      assert.equal(commits, 2)
      assert.equal((await commentIds(db, postId)).length, GROUP_COMMIT_MAX_UNITS + 10)
    },
  )

  it(
    'PostgreSQL: is one statement, and the instance sends its NOTIFY after the commit',
    POSTGRES_ONLY,
    async (t) => {
      const { app, databaseUrl } = await buildTestApp(t)
      const author = await registerAndLogin(app)
      const post = await createPost(app, author)

      const statements: string[] = []
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
      pool.on('error', () => undefined)
      const logged: Db = new Kysely<Tables>({
        dialect: new PostgresDialect({ pool }),
        log: (entry) => {
          if (entry.level === 'query') statements.push(entry.query.sql)
        },
      })
      t.after(() => logged.destroy().catch(() => undefined))
      const first = commentAndEvent(post.id, author.id)
      await insertCommentWithEvent(logged, first.row, first.event)
      assert.equal(statements.length, 1)
      assert.match(statements[0] ?? '', /^with .* insert into "events"/is)

      // The app's own write of a comment: its NOTIFY reaches a listener.
      const listener = new pg.Client({ connectionString: databaseUrl })
      listener.on('error', () => undefined)
      await listener.connect()
      t.after(() => listener.end().catch(() => undefined))
      await listener.query(`listen ${EVENTS_CHANNEL}`)
      const notified = once(listener, 'notification')
      const answer = await app.inject({
        method: 'POST',
        url: `/v1/posts/${post.id}/comments`,
        headers: author.auth,
        payload: { body: 'Heard' },
      })
      assert.equal(answer.statusCode, 201, answer.body)
      const timeout = AbortSignal.timeout(5000)
      const [notification] = (await Promise.race([
        notified,
        once(timeout, 'abort').then(() => {
          throw new Error('no NOTIFY within 5 s of the comment')
        }),
      ])) as [pg.Notification]
      assert.equal(notification.channel, EVENTS_CHANNEL)
    },
  )
})
