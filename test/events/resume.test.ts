import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { dialectOf, type Db } from '../../src/db/database.js'
import { appendEvents } from '../../src/event-log/event-log.queries.js'
import { latestEventId, trimEvents } from '../../src/events/events.queries.js'
import { sweepExpired, SWEEP_STEP } from '../../src/maintenance.js'
import { buildTestApp, registerAndLogin } from '../helpers.js'
import { createPost, type PostBody } from '../content-helpers.js'
import { listening, subscribe } from './stream-helpers.js'

describe('events: resume', () => {
  it('replays exactly the missed events, in order, then goes live (Last-Event-ID)', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const first = await subscribe(t, port, 'posts', reader)
    await createPost(app, author, { title: 'Seen' })
    const seen = await first.nextEvent<PostBody>()
    first.close()

    // Missed while away: two public posts, one private (never the reader's), an edit.
    const missedA = await createPost(app, author, { title: 'Missed A' })
    await createPost(app, author, { title: 'Hidden', visibility: 'private' })
    const missedB = await createPost(app, author, { title: 'Missed B' })
    await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${missedA.id}`,
      headers: author.auth,
      payload: { body: 'edited' },
    })

    const resumed = await subscribe(t, port, 'posts', reader, { 'last-event-id': String(seen.id) })
    const replayed = [
      await resumed.nextEvent<PostBody>(),
      await resumed.nextEvent<PostBody>(),
      await resumed.nextEvent<PostBody>(),
    ]
    assert.deepEqual(
      replayed.map((event) => [event.event, event.data.id]),
      [
        ['post.created', missedA.id],
        ['post.created', missedB.id],
        ['post.updated', missedA.id],
      ],
    )
    const ids = replayed.map((event) => Number(event.id))
    assert.deepEqual(
      [...ids].sort((a, b) => a - b),
      ids,
    )
    assert.ok(ids.every((id) => id > Number(seen.id)))

    const live = await createPost(app, author, { title: 'Live again' })
    const next = await resumed.nextEvent<PostBody>()
    assert.deepEqual([next.event, next.data.id], ['post.created', live.id])
    assert.equal(resumed.untaken().length, 0)
    assert.equal(resumed.messages.filter((message) => message.event === 'reset').length, 0)
  })

  it('takes the cursor from last_event_id too', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    await createPost(app, author, { title: 'One' })
    const one = await stream.nextEvent()
    const two = await createPost(app, author, { title: 'Two' })
    const resumed = await subscribe(t, port, `posts&last_event_id=${String(one.id)}`)
    const next = await resumed.nextEvent<PostBody>()
    assert.equal(next.data.id, two.id)
  })

  it('opens with the cursor it starts from, so a stream dropped before its first event misses nothing', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const before = await createPost(app, author, { title: 'Before' })
    const first = await subscribe(t, port, `posts,posts/${before.id}`, reader)
    await first.until(() => first.lastId !== undefined, 'the opening id line')
    const opening = first.lastId
    assert.equal(first.messages.length, 0)
    first.close()

    const missed = await createPost(app, author, { title: 'While away' })
    const resumed = await subscribe(t, port, `posts,posts/${before.id}`, reader, {
      'last-event-id': String(opening),
    })
    const replayed = await resumed.nextEvent<PostBody>()
    assert.deepEqual([replayed.event, replayed.data.id], ['post.created', missed.id])
    assert.equal(resumed.messages.filter((message) => message.event === 'reset').length, 0)
    assert.ok(Number(replayed.id) > Number(opening))
  })

  it('opens a resumed stream with its resume point, before the replay', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    await createPost(app, author, { title: 'One' })
    const one = await stream.nextEvent()
    await createPost(app, author, { title: 'Two' })
    const resumed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(one.id) })
    await resumed.next()
    assert.match(
      resumed.raw,
      new RegExp(`^retry: \\d+\\n\\nid: ${String(one.id)}\\n\\nid: \\d+\\nevent: post.created`),
    )
  })

  it('resumes a zero cursor (an empty outbox’s opening id) while nothing is trimmed, resets it after', async (t) => {
    const { app, port } = await listening(t, { EVENTS_RETENTION: '1h' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'First' })
    const fromStart = await subscribe(t, port, 'posts', undefined, { 'last-event-id': '0' })
    const replayed = await fromStart.nextEvent<PostBody>()
    assert.deepEqual([replayed.event, replayed.data.id], ['post.created', post.id])

    await sweepExpired(app, Date.now() + 61 * 60_000)
    const trimmed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': '0' })
    assert.equal((await trimmed.next()).event, 'reset')
  })

  for (const [what, cursor] of [
    ['unknown', '999999999'],
    ['malformed', 'not-a-cursor'],
  ] as const) {
    it(`starts with event: reset for a ${what} cursor, then goes live`, async (t) => {
      const { app, port } = await listening(t)
      const author = await registerAndLogin(app)
      const stream = await subscribe(t, port, 'posts', undefined, { 'last-event-id': cursor })
      assert.equal(stream.status, 200)
      const reset = await stream.next()
      assert.deepEqual([reset.event, reset.data], ['reset', '{}'])
      const post = await createPost(app, author)
      assert.equal((await stream.nextEvent<PostBody>()).data.id, post.id)
    })
  }

  it('starts with event: reset for a cursor older than EVENTS_RETENTION', async (t) => {
    const { app, port } = await listening(t, { EVENTS_RETENTION: '1h' })
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    await createPost(app, author, { title: 'Old' })
    // Trimmed after the cursor resumed from: the client would miss it.
    await createPost(app, author, { title: 'Old too' })
    const old = await stream.nextEvent()
    // The sweep as it would run an hour and a minute later.
    await sweepExpired(app, Date.now() + 61 * 60_000)
    const resumed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(old.id) })
    assert.equal((await resumed.next()).event, 'reset')
  })

  it('moves a quiet stream’s cursor past events it was not shown, on its heartbeat', async (t) => {
    const { app, port } = await listening(t, { EVENTS_HEARTBEAT: '100ms' })
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const stream = await subscribe(t, port, 'posts', reader)
    await createPost(app, author, { title: 'Hidden', visibility: 'private' })
    const own = await subscribe(t, port, 'posts', author)
    const hidden = await createPost(app, author, { title: 'Hidden too', visibility: 'private' })
    const shown = await own.nextEvent<PostBody>()
    assert.equal(shown.data.id, hidden.id)
    await stream.until(() => stream.lastId === shown.id, 'the heartbeat to carry the cursor')
    assert.ok(stream.comments > 0)
    assert.equal(stream.messages.length, 0)
  })
})

/** The retention watermark as stored; undefined before the first trim. */
async function watermark(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('event_watermark').select('trimmed_through').executeTakeFirst()
  return row?.trimmed_through
}

/** The outbox's kept cursors, oldest first. */
async function keptIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('events').select('id').orderBy('id').execute()).map((row) => row.id)
}

/** A cursor handed out to a change that never committed: a gap between the events around it. */
async function rolledBackCursor(db: Db): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    let taken = 0
    await db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          select nextval(pg_get_serial_sequence('events', 'id')) as id`.execute(trx)
        taken = Number(rows[0]?.id)
        throw new Error('roll back')
      })
      .catch(() => undefined)
    return taken
  }
  // SQLite gives a rolled-back change's number to the next writer; a number skipped leaves the same
  // gap: an account event the `posts` topic never shows, numbered one past the next cursor.
  const gap = (await latestEventId(db)) + 1
  await sql`
    insert into events (id, type, post_id, owner_id, visibility, payload, created_at)
    values (${gap + 1}, 'user.updated', null, 'nobody', 'private', '{}', ${Date.now()})`.execute(db)
  return gap
}

describe('events: resume by the retention watermark', () => {
  it('a stream opened on an empty outbox (id 0), dropped, resumes with the event committed meanwhile', async (t) => {
    const { app, port } = await listening(t)
    const first = await subscribe(t, port, 'posts')
    await first.until(() => first.lastId !== undefined, 'the opening id line')
    assert.equal(first.lastId, '0')
    first.close()

    const author = await registerAndLogin(app)
    const missed = await createPost(app, author, { title: 'While away' })
    const resumed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': '0' })
    const replayed = await resumed.nextEvent<PostBody>()
    assert.deepEqual([replayed.event, replayed.data.id], ['post.created', missed.id])
    assert.equal(resumed.messages.filter((message) => message.event === 'reset').length, 0)
  })

  it('after retention trims every event, resets a resume from before them, resumes one from the last', async (t) => {
    const { app, db, port } = await listening(t, { EVENTS_RETENTION: '1h' })
    const first = await subscribe(t, port, 'posts')
    await first.until(() => first.lastId !== undefined, 'the opening id line')
    const author = await registerAndLogin(app)
    await createPost(app, author, { title: 'One' })
    await createPost(app, author, { title: 'Two' })
    await first.nextEvent()
    const last = await first.nextEvent()
    first.close()

    await sweepExpired(app, Date.now() + 61 * 60_000)
    assert.deepEqual(await keptIds(db), [])
    assert.equal(await watermark(db), Number(last.id))

    // The opening id and the first event were trimmed after: the client missed an event.
    for (const cursor of ['0', String(Number(last.id) - 1)]) {
      const stale = await subscribe(t, port, 'posts', undefined, { 'last-event-id': cursor })
      assert.equal((await stale.next()).event, 'reset', `resume after ${cursor}`)
    }
    // Nothing after the last event was trimmed: a resume from it misses nothing.
    const current = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(last.id) })
    // A stream opened on the emptied outbox starts from the watermark, and resumes from it too.
    const fresh = await subscribe(t, port, 'posts')
    await fresh.until(() => fresh.lastId !== undefined, 'the opening id line')
    assert.equal(fresh.lastId, last.id)
    fresh.close()
    const reopened = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(fresh.lastId) })
    const next = await createPost(app, author, { title: 'Three' })
    for (const stream of [current, reopened]) {
      const event = await stream.nextEvent<PostBody>()
      assert.deepEqual([event.event, event.data.id], ['post.created', next.id])
      assert.equal(stream.messages.filter((message) => message.event === 'reset').length, 0)
    }
  })

  it('resumes without reset from a cursor that names a rolled-back gap', async (t) => {
    const { app, db, port } = await listening(t)
    const author = await registerAndLogin(app)
    await createPost(app, author, { title: 'Before' })
    const gap = await rolledBackCursor(db)
    const after = await createPost(app, author, { title: 'After' })
    const ids = await keptIds(db)
    assert.ok(!ids.includes(gap))
    assert.ok(ids.some((id) => id < gap) && ids.some((id) => id > gap))

    const resumed = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(gap) })
    const replayed = await resumed.nextEvent<PostBody>()
    assert.deepEqual([replayed.event, replayed.data.id], ['post.created', after.id])
    assert.ok(Number(replayed.id) > gap)
    assert.equal(resumed.messages.filter((message) => message.event === 'reset').length, 0)
  })

  it('resets a cursor past the newest, resumes the newest itself', async (t) => {
    const { app, db, port } = await listening(t)
    const author = await registerAndLogin(app)
    await createPost(app, author)
    const newest = await latestEventId(db)
    assert.ok(newest > 0)
    const beyond = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(newest + 1) })
    assert.equal((await beyond.next()).event, 'reset')
    const atNewest = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(newest) })
    const live = await createPost(app, author)
    assert.equal((await atNewest.nextEvent<PostBody>()).data.id, live.id)
    assert.equal(atNewest.messages.filter((message) => message.event === 'reset').length, 0)
  })

  it('keeps the watermark monotonic under concurrent retention runs', async (t) => {
    const { app, db } = await listening(t)
    const author = await registerAndLogin(app)
    // A millisecond apart, so a cutoff just after one event's time is before the next one's.
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2))
      await createPost(app, author)
    }
    const rows = await db.selectFrom('events').select(['id', 'created_at']).orderBy('id').execute()
    const [low, high] = [rows[0], rows[rows.length - 2]]
    assert.ok(low && high)
    const cutoffAfter = (row: { created_at: number }): number => row.created_at + 1

    // The higher run holds its transaction open while the lower one starts; the lower commits last.
    let release = (): void => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const higher = db.transaction().execute(async (trx) => {
      const trimmed = await trimEvents(trx, cutoffAfter(high), SWEEP_STEP)
      await gate
      return trimmed
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const lower = db.transaction().execute((trx) => trimEvents(trx, cutoffAfter(low), SWEEP_STEP))
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await Promise.all([higher, lower])
    assert.equal(await watermark(db), high.id)

    // Several instances' sweeps at once, with clocks apart: the lowest never lowers it.
    await Promise.all([
      sweepExpired(app, cutoffAfter(low) + app.config.eventsRetentionMs),
      sweepExpired(app, cutoffAfter(high) + app.config.eventsRetentionMs),
      sweepExpired(app, cutoffAfter(low) + app.config.eventsRetentionMs),
    ])
    assert.equal(await watermark(db), high.id)
    assert.deepEqual(
      await keptIds(db),
      rows.filter((row) => row.id > high.id).map((row) => row.id),
    )
  })
})

describe('events: retention in steps', () => {
  it('trims a step of SWEEP_STEP events per transaction, and the sweep steps on until a young event', async (t) => {
    // Not listening: a listening server sweeps once at start, which would race the steps below.
    const { app } = await buildTestApp(t, { EVENTS_RETENTION: '1h' })
    const { db } = app
    const old = Date.now() - 2 * 60 * 60_000
    const event = {
      type: 'user.updated',
      postId: null,
      ownerId: 'u',
      visibility: 'private',
      data: {},
    } as const
    await appendEvents(
      db,
      Array.from({ length: SWEEP_STEP * 2 + 200 }, () => event),
      old,
    )
    const young = await createPost(app, await registerAndLogin(app))
    const kept = await keptIds(db)
    const oldIds = kept.slice(0, SWEEP_STEP * 2 + 200)

    const cutoff = Date.now() - 60 * 60_000
    const step = await db.transaction().execute((trx) => trimEvents(trx, cutoff, SWEEP_STEP))
    // A whole step of old events: the sweep takes another.
    assert.equal(step, SWEEP_STEP)
    assert.equal(await watermark(db), oldIds[SWEEP_STEP - 1])

    await sweepExpired(app)
    assert.equal(await watermark(db), oldIds.at(-1))
    const left = await db.selectFrom('events').select(['type', 'payload']).execute()
    assert.ok(left.length >= 1 && left.every((row) => row.type !== 'user.updated'), 'only young events kept')
    assert.ok(left.some((row) => row.payload.includes(young.id)))
  })
})

describe('events: no event for a change that did not happen', () => {
  it('a 412 write sends nothing and leaves no event behind', async (t) => {
    const { app, db, port } = await listening(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'Versioned' })
    const stream = await subscribe(t, port, `posts/${post.id}`)
    const before = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()

    const stale = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '"v99"' },
      payload: { title: 'Stale' },
    })
    assert.equal(stale.statusCode, 412)
    const staleDelete = await app.inject({
      method: 'DELETE',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '"v99"' },
    })
    assert.equal(staleDelete.statusCode, 412)
    const after = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(after.n, before.n)

    await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '"v1"' },
      payload: { title: 'Fresh' },
    })
    const next = await stream.nextEvent<PostBody>()
    assert.deepEqual([next.event, next.data.title], ['post.updated', 'Fresh'])
  })
})
