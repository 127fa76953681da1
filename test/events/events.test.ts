import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { registerAndLogin, TEST_ENGINE } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  type AttachmentBody,
  type CommentBody,
  type PostBody,
} from '../content-helpers.js'
import { listening, subscribe } from './stream-helpers.js'

describe('events: happy paths', () => {
  it('streams a public post to an anonymous posts subscriber, exactly as GET answers it', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    assert.equal(stream.status, 200)
    assert.match(String(stream.headers['content-type']), /^text\/event-stream/)
    const post = await createPost(app, author, { title: 'Live' })
    const created = await stream.nextEvent<PostBody>()
    assert.equal(created.event, 'post.created')
    assert.match(created.id ?? '', /^\d+$/)
    assert.deepEqual(created.data, dataOf<PostBody>(await app.inject(`/v1/posts/${post.id}`), 200))

    const patched = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'Live, renamed' },
    })
    const updated = await stream.nextEvent<PostBody>()
    assert.equal(updated.event, 'post.updated')
    assert.deepEqual(updated.data, dataOf<PostBody>(patched, 200))
    assert.ok(Number(updated.id) > Number(created.id))

    await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth })
    const deleted = await stream.nextEvent()
    assert.equal(deleted.event, 'post.deleted')
    assert.deepEqual(deleted.data, { id: post.id })
  })

  it('streams a post’s attachments and comments on posts/{id}, with deletions as {id, post_id}', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const post = await createPost(app, author)
    const stream = await subscribe(t, port, `posts/${post.id}`, reader)

    const attachment = await createAttachment(app, author, post.id)
    const attached = await stream.nextEvent<AttachmentBody>()
    assert.equal(attached.event, 'attachment.created')
    assert.deepEqual(attached.data, attachment)

    const comment = await createComment(app, reader, post.id, undefined, 'First!')
    const commented = await stream.nextEvent<CommentBody>()
    assert.equal(commented.event, 'comment.created')
    assert.deepEqual(commented.data, comment)

    const onFile = await createComment(app, author, post.id, attachment.id, 'On the file')
    assert.deepEqual((await stream.nextEvent<CommentBody>()).data, onFile)

    const edited = await app.inject({
      method: 'PATCH',
      url: `/v1/comments/${comment.id}`,
      headers: reader.auth,
      payload: { body: 'First, edited' },
    })
    const commentUpdated = await stream.nextEvent<CommentBody>()
    assert.equal(commentUpdated.event, 'comment.updated')
    assert.deepEqual(commentUpdated.data, dataOf<CommentBody>(edited, 200))

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/v1/attachments/${attachment.id}`,
      headers: author.auth,
      payload: { filename: 'renamed.txt' },
    })
    const attachmentUpdated = await stream.nextEvent<AttachmentBody>()
    assert.equal(attachmentUpdated.event, 'attachment.updated')
    assert.deepEqual(attachmentUpdated.data, dataOf<AttachmentBody>(renamed, 200))

    await app.inject({ method: 'DELETE', url: `/v1/comments/${comment.id}`, headers: reader.auth })
    assert.deepEqual(await stream.nextEvent(), {
      id: stream.messages.at(-1)?.id,
      event: 'comment.deleted',
      data: { id: comment.id, post_id: post.id },
    })
    await app.inject({ method: 'DELETE', url: `/v1/attachments/${attachment.id}`, headers: author.auth })
    const attachmentDeleted = await stream.nextEvent()
    assert.equal(attachmentDeleted.event, 'attachment.deleted')
    assert.deepEqual(attachmentDeleted.data, { id: attachment.id, post_id: post.id })
  })

  it('streams the account and its sessions on me, `current` only on the subscriber’s own session', async (t) => {
    const { app, port } = await listening(t)
    const user = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'me', user)

    const patched = await app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: user.auth,
      payload: { display_name: 'Live Wire' },
    })
    const updated = await stream.nextEvent()
    assert.equal(updated.event, 'user.updated')
    assert.deepEqual(updated.data, dataOf<Record<string, unknown>>(patched, 200))

    const login = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: user.password },
    })
    const other = dataOf<{ id: string; token: string }>(login, 201)
    const created = await stream.nextEvent()
    assert.equal(created.event, 'session.created')
    assert.equal(created.data['id'], other.id)
    assert.equal(created.data['current'], false)
    assert.equal(created.data['token'], undefined)
    const listed = dataOf<Array<Record<string, unknown>>>(
      await app.inject({ url: '/v1/sessions', headers: user.auth }),
      200,
    ).find((session) => session['id'] === other.id)
    assert.deepEqual(created.data, listed)

    await app.inject({ method: 'DELETE', url: `/v1/sessions/${other.id}`, headers: user.auth })
    assert.deepEqual((await stream.nextEvent()).data, { id: other.id })
    assert.equal(stream.ended, false)
  })

  it('marks a session.created `current` for a stream of that same session', async (t) => {
    const { app, port } = await listening(t)
    const user = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'me', user)
    // A stream's own session existed before it opened, so a second login is the other case: a stream
    // opened by the new session sees the next login of the account as not current.
    const login = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: user.password },
    })
    const second = dataOf<{ id: string; token: string }>(login, 201)
    const first = await stream.nextEvent<{ id: string; current: boolean }>()
    assert.deepEqual([first.data.id, first.data.current], [second.id, false])
    const ownStream = await subscribe(t, port, 'me', second, {
      'last-event-id': String(Number(first.id) - 1),
    })
    // Resumed from just before its own creation: the replayed event is its own session.
    const replayed = await ownStream.nextEvent<{ id: string; current: boolean }>()
    assert.equal(replayed.event, 'session.created')
    assert.deepEqual([replayed.data.id, replayed.data.current], [second.id, true])
  })
})

describe('events: how soon a stream hears', () => {
  it(
    'SQLite: this instance’s own commits wake its streams at once, not at the next poll',
    { skip: TEST_ENGINE !== 'sqlite' && 'PostgreSQL is woken by NOTIFY' },
    async (t) => {
      // A poll far off: only the wake on commit can deliver within the wait below.
      const { app, port } = await listening(t, { EVENTS_POLL: '10s' })
      const author = await registerAndLogin(app)
      const post = await createPost(app, author)
      const stream = await subscribe(t, port, `posts/${post.id}`, author)
      await stream.until(() => stream.lastId !== undefined, 'the opening id line')
      for (const text of ['First', 'Second', 'Third']) {
        const comment = await createComment(app, author, post.id, undefined, text)
        const event = await stream.nextEvent<CommentBody>(2000)
        assert.deepEqual([event.event, event.data.id], ['comment.created', comment.id])
      }
    },
  )
})

describe('events: account deletion', () => {
  it('sends post.deleted for the account’s posts and comment.deleted for its comments on others’ posts', async (t) => {
    const { app, port } = await listening(t)
    const leaving = await registerAndLogin(app, 'leaving')
    const staying = await registerAndLogin(app, 'staying')
    const theirs = await createPost(app, leaving, { title: 'Theirs' })
    const mine = await createPost(app, staying, { title: 'Mine' })
    const comment = await createComment(app, leaving, mine.id)
    const feed = await subscribe(t, port, 'posts', staying)
    const onMine = await subscribe(t, port, `posts/${mine.id}`, staying)
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: leaving.auth,
      payload: { password: leaving.password },
    })
    assert.equal(deleted.statusCode, 204)
    assert.deepEqual((await feed.nextEvent()).data, { id: theirs.id })
    const gone = await onMine.nextEvent()
    assert.deepEqual([gone.event, gone.data], ['comment.deleted', { id: comment.id, post_id: mine.id }])
  })

  it('comments by others racing the deletion all arrive before its post.deleted, which ends the topic; the stream goes on', async (t) => {
    const { app, port } = await listening(t)
    const leaving = await registerAndLogin(app, 'leaving')
    const staying = await registerAndLogin(app, 'staying')
    const theirs = await createPost(app, leaving, { title: 'Theirs' })
    const mine = await createPost(app, staying, { title: 'Mine' })
    const stream = await subscribe(t, port, `posts/${theirs.id},posts/${mine.id}`, staying)

    let deleting = true
    const deletion = app
      .inject({
        method: 'DELETE',
        url: '/v1/me',
        headers: leaving.auth,
        payload: { password: leaving.password },
      })
      .finally(() => {
        deleting = false
      })
    const answers: Awaited<ReturnType<typeof app.inject>>[] = []
    // Three writers commenting on the account's post for as long as its deletion runs.
    await Promise.all(
      [1, 2, 3].map(async (writer) => {
        do {
          answers.push(
            await app.inject({
              method: 'POST',
              url: `/v1/posts/${theirs.id}/comments`,
              headers: staying.auth,
              payload: { body: `Racing ${String(writer)}` },
            }),
          )
          await nextTurn()
        } while (deleting)
      }),
    )
    assert.equal((await deletion).statusCode, 204)
    for (const answer of answers) assert.ok([201, 404].includes(answer.statusCode), answer.body)
    const committed = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => dataOf<CommentBody>(answer, 201).id)

    // A comment elsewhere after it all: the stream is alive, and everything before it has arrived.
    const after = await createComment(app, staying, mine.id, undefined, 'After')
    await stream.until(
      () => stream.messages.some((message) => message.data.includes(after.id)),
      'the comment made after the deletion',
    )
    const events = stream.messages.map((message) => ({
      event: message.event,
      data: (JSON.parse(message.data) as { data: { id: string; post_id?: string } }).data,
    }))
    const end = events.findIndex((item) => item.event === 'post.deleted' && item.data.id === theirs.id)
    assert.ok(end >= 0, 'post.deleted for the account’s post')
    const onTheirs = events.filter(
      (item) => item.event.startsWith('comment.') && item.data.post_id === theirs.id,
    )
    assert.deepEqual(
      onTheirs.map((item) => item.event),
      committed.map(() => 'comment.created'),
      'one comment.created per committed comment, none deleted one by one',
    )
    assert.deepEqual(new Set(onTheirs.map((item) => item.data.id)), new Set(committed))
    assert.ok(
      events.slice(end + 1).every((item) => item.data.post_id !== theirs.id && item.data.id !== theirs.id),
      'nothing more on the ended topic',
    )
    for (const id of committed) {
      assert.equal((await app.inject({ url: `/v1/comments/${id}`, headers: staying.auth })).statusCode, 404)
    }
  })
})

describe('events: visibility', () => {
  it('sends a private post only to its author, on posts and on posts/{id}', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const authorStream = await subscribe(t, port, 'posts', author)
    const otherStream = await subscribe(t, port, 'posts', other)
    const anonymous = await subscribe(t, port, 'posts')

    const secret = await createPost(app, author, { title: 'Secret', visibility: 'private' })
    const open = await createPost(app, author, { title: 'Open' })
    const first = await authorStream.nextEvent<PostBody>()
    assert.deepEqual([first.event, first.data.id], ['post.created', secret.id])
    assert.equal((await authorStream.nextEvent<PostBody>()).data.id, open.id)
    // The next event the others get is the public one: the private one was never sent.
    for (const stream of [otherStream, anonymous]) {
      const next = await stream.nextEvent<PostBody>()
      assert.deepEqual([next.event, next.data.id], ['post.created', open.id])
    }
    // A comment on the private post goes only to its author's posts/{id} stream.
    const onSecret = await subscribe(t, port, `posts/${secret.id}`, author)
    const comment = await createComment(app, author, secret.id)
    assert.equal((await onSecret.nextEvent<CommentBody>()).data.id, comment.id)
    await createPost(app, author, { title: 'Marker' })
    assert.equal((await otherStream.nextEvent<PostBody>()).data.title, 'Marker')
    assert.equal(otherStream.untaken().length, 0)
  })

  it('a post made private arrives as post.deleted for those who lose sight, and as post.created when made public again', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const post = await createPost(app, author, { title: 'Now you see it' })
    const authorStream = await subscribe(t, port, 'posts', author)
    const readerFeed = await subscribe(t, port, 'posts', reader)
    const readerPost = await subscribe(t, port, `posts/${post.id}`, reader)
    const setVisibility = async (visibility: 'public' | 'private'): Promise<void> => {
      const response = await app.inject({
        method: 'PATCH',
        url: `/v1/posts/${post.id}`,
        headers: author.auth,
        payload: { visibility },
      })
      assert.equal(response.statusCode, 200)
    }

    await setVisibility('private')
    const authorSees = await authorStream.nextEvent<PostBody>()
    assert.deepEqual([authorSees.event, authorSees.data.visibility], ['post.updated', 'private'])
    for (const stream of [readerFeed, readerPost]) {
      assert.deepEqual(await stream.nextEvent(), {
        id: authorSees.id,
        event: 'post.deleted',
        data: { id: post.id },
      })
    }

    await setVisibility('public')
    assert.equal((await authorStream.nextEvent()).event, 'post.updated')
    const back = await readerFeed.nextEvent<PostBody>()
    assert.deepEqual([back.event, back.data.id, back.data.visibility], ['post.created', post.id, 'public'])

    // posts/{id} ended for the reader with post.deleted: nothing more on that topic, even now it is public.
    await createComment(app, author, post.id)
    await createPost(app, author, { title: 'Marker' })
    assert.equal((await readerFeed.nextEvent<PostBody>()).data.title, 'Marker')
    assert.equal((await authorStream.nextEvent<PostBody>()).data.title, 'Marker')
    assert.equal(readerPost.untaken().length, 0)
    assert.equal(readerPost.ended, false)
  })

  it('sends nothing of another account on me', async (t) => {
    const { app, port } = await listening(t)
    const user = await registerAndLogin(app, 'user')
    const other = await registerAndLogin(app, 'other')
    const stream = await subscribe(t, port, 'me', user)
    await app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: other.auth,
      payload: { display_name: 'Other' },
    })
    await app.inject({ method: 'PATCH', url: '/v1/me', headers: user.auth, payload: { display_name: 'Me' } })
    const event = await stream.nextEvent<{ id: string; display_name: string }>()
    assert.deepEqual([event.data.id, event.data.display_name], [user.id, 'Me'])
  })
})
