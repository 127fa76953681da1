import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pg from 'pg'
import { registerAndLogin, TEST_ENGINE } from '../helpers.js'
import { createComment, createPost, type CommentBody, type PostBody } from '../content-helpers.js'
import { listening, subscribe } from './stream-helpers.js'

describe('events: several instances on one database', () => {
  it('a change written through one instance reaches the streams of the other, once each', async (t) => {
    const first = await listening(t)
    const second = await listening(t, {}, { database: first.databaseUrl })
    const author = await registerAndLogin(first.app)
    const onFirst = await subscribe(t, first.port, 'posts')
    const onSecond = await subscribe(t, second.port, 'posts')
    const onSecondToo = await subscribe(t, second.port, 'posts')
    const post = await createPost(first.app, author, { title: 'Across' })
    for (const stream of [onFirst, onSecond, onSecondToo]) {
      const event = await stream.nextEvent<PostBody>(1500)
      assert.deepEqual([event.event, event.data.id], ['post.created', post.id])
    }
    // Written through the second, seen on the first.
    const onPost = await subscribe(t, first.port, `posts/${post.id}`)
    const comment = await createComment(second.app, author, post.id)
    assert.equal((await onPost.nextEvent<CommentBody>(1500)).data.id, comment.id)
    const marker = await createPost(second.app, author, { title: 'Marker' })
    assert.equal((await onSecond.nextEvent<PostBody>(1500)).data.id, marker.id)
    assert.equal(onSecond.untaken().length, 0)
  })

  it('PostgreSQL: a lost LISTEN connection is opened again and nothing written meanwhile is lost', async (t) => {
    if (TEST_ENGINE !== 'postgres') {
      t.skip('PostgreSQL only')
      return
    }
    const { app, port, databaseUrl } = await listening(t)
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    await createPost(app, author, { title: 'Before' })
    await stream.nextEvent()
    const admin = new pg.Client({ connectionString: databaseUrl })
    admin.on('error', () => undefined)
    await admin.connect()
    const ended = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen quire_events'",
    )
    assert.equal(ended.rowCount, 1)
    const missed = [
      await createPost(app, author, { title: 'While away 1' }),
      await createPost(app, author, { title: 'While away 2' }),
    ]
    const received = [await stream.nextEvent<PostBody>(), await stream.nextEvent<PostBody>()]
    assert.deepEqual(
      received.map((event) => event.data.id),
      missed.map((post) => post.id),
    )
    // Listening again, on a new connection.
    const listeners = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'listen quire_events'",
    )
    await admin.end()
    assert.equal(listeners.rows[0]?.n, 1)
  })
})
