import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sweepExpired } from '../../src/maintenance.js'
import { registerAndLogin } from '../helpers.js'
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
