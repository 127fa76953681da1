import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { updatePost } from '../../src/posts/posts.queries.js'
import { buildTestApp, json, registerAndLogin } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  type ListBody,
  type PostBody,
} from '../content-helpers.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

describe('posts: happy paths', () => {
  it('creates a post as the caller with defaults, an ETag and a Location', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { title: '  First post  ' },
    })
    const post = dataOf<PostBody>(response, 201)
    assert.equal(post.user_id, author.id)
    assert.equal(post.title, 'First post')
    assert.equal(post.body, '')
    assert.equal(post.visibility, 'public')
    assert.equal(post.cover_attachment_id, null)
    assert.equal(post.created_at, post.updated_at)
    assert.match(post.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    assert.equal(response.headers['etag'], '"v1"')
    assert.equal(response.headers['location'], `/v1/posts/${post.id}`)
    // Sent as text already serialized (for its answer and its event): still typed as JSON.
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(post.links, {
      self: `/v1/posts/${post.id}`,
      attachments: `/v1/posts/${post.id}/attachments`,
      comments: `/v1/posts/${post.id}/comments`,
      author_posts: `/v1/posts?user=${author.id}`,
    })
  })

  it('reads a public post without a token, with the same ETag, and answers 304 to If-None-Match', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'Hello', body: 'World' })
    const response = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.deepEqual(dataOf<PostBody>(response, 200), post)
    const etag = String(response.headers['etag'])
    assert.equal(etag, '"v1"')

    const cached = await app.inject({
      method: 'GET',
      url: `/v1/posts/${post.id}`,
      headers: { 'if-none-match': etag },
    })
    assert.equal(cached.statusCode, 304)
    assert.equal(cached.body, '')
    assert.equal(cached.headers['etag'], etag)

    const stale = await app.inject({
      method: 'GET',
      url: `/v1/posts/${post.id}`,
      headers: { 'if-none-match': '"v0"' },
    })
    assert.equal(stale.statusCode, 200)
  })

  it('lets the author read their own private post', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { visibility: 'private' })
    const response = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers: author.auth })
    assert.equal(dataOf<PostBody>(response, 200).visibility, 'private')
  })

  it('PATCH changes only the given fields, bumps the ETag and updated_at', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'Before', body: 'Body stays' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const response = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'After', visibility: 'private' },
    })
    const updated = dataOf<PostBody>(response, 200)
    assert.equal(updated.title, 'After')
    assert.equal(updated.body, 'Body stays')
    assert.equal(updated.visibility, 'private')
    assert.equal(updated.created_at, post.created_at)
    assert.ok(updated.updated_at > post.updated_at)
    assert.equal(response.headers['etag'], '"v2"')
  })

  it('PATCH with an empty object changes nothing', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: {},
    })
    assert.deepEqual(dataOf<PostBody>(response, 200), post)
    assert.equal(response.headers['etag'], '"v1"')
  })

  it('PUT replaces every writable field', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'Old', body: 'Old body' })
    const response = await app.inject({
      method: 'PUT',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'New', body: '', visibility: 'private' },
    })
    const replaced = dataOf<PostBody>(response, 200)
    assert.deepEqual(
      { title: replaced.title, body: replaced.body, visibility: replaced.visibility },
      { title: 'New', body: '', visibility: 'private' },
    )
  })

  it('accepts a title of exactly 200 characters, counting an emoji as one, and a body of 100,000', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: '😀'.repeat(200), body: 'b'.repeat(100_000) })
    assert.equal(Array.from(post.title).length, 200)
    assert.equal(post.body.length, 100_000)
  })

  it('lists public posts of everyone plus the caller’s own private ones, newest first', async (t) => {
    const { app } = await buildTestApp(t)
    const alice = await registerAndLogin(app, 'alice')
    const bob = await registerAndLogin(app, 'bob')
    const alicePublic = await createPost(app, alice, { title: 'alice public' })
    const alicePrivate = await createPost(app, alice, { title: 'alice private', visibility: 'private' })
    const bobPublic = await createPost(app, bob, { title: 'bob public' })
    const bobPrivate = await createPost(app, bob, { title: 'bob private', visibility: 'private' })

    const ids = async (headers: Record<string, string>) =>
      json<ListBody<PostBody>>(await app.inject({ method: 'GET', url: '/v1/posts', headers })).data.map(
        (post) => post.id,
      )
    assert.deepEqual(await ids(alice.auth), [bobPublic.id, alicePrivate.id, alicePublic.id])
    assert.deepEqual(await ids(bob.auth), [bobPrivate.id, bobPublic.id, alicePublic.id])
    assert.deepEqual(await ids({}), [bobPublic.id, alicePublic.id])
  })

  it('?user= narrows the list to one author: all of one’s own, only the public ones of another', async (t) => {
    const { app } = await buildTestApp(t)
    const alice = await registerAndLogin(app, 'alice')
    const bob = await registerAndLogin(app, 'bob')
    const alicePublic = await createPost(app, alice)
    const alicePrivate = await createPost(app, alice, { visibility: 'private' })
    await createPost(app, bob)

    const list = async (url: string, headers: Record<string, string> = {}) =>
      json<ListBody<PostBody>>(await app.inject({ method: 'GET', url, headers })).data.map((post) => post.id)
    assert.deepEqual(await list(`/v1/posts?user=${alice.id}`, alice.auth), [alicePrivate.id, alicePublic.id])
    assert.deepEqual(await list(`/v1/posts?user=${alice.id}`, bob.auth), [alicePublic.id])
    assert.deepEqual(await list(`/v1/posts?user=${alice.id}`), [alicePublic.id])
    assert.deepEqual(await list(`/v1/posts?user=${alice.id.toUpperCase()}`), [alicePublic.id])
  })

  it('?user= with an unknown user answers an empty list', async (t) => {
    const { app } = await buildTestApp(t)
    const alice = await registerAndLogin(app)
    await createPost(app, alice)
    const response = await app.inject({ method: 'GET', url: `/v1/posts?user=${UNKNOWN_ID}` })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(json(response), { data: [] })
  })

  it('GET /v1/me/posts lists the caller’s posts of every visibility and no one else’s', async (t) => {
    const { app } = await buildTestApp(t)
    const alice = await registerAndLogin(app, 'alice')
    const bob = await registerAndLogin(app, 'bob')
    const first = await createPost(app, alice)
    await createPost(app, bob)
    const second = await createPost(app, alice, { visibility: 'private' })
    const response = await app.inject({ method: 'GET', url: '/v1/me/posts', headers: alice.auth })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(
      json<ListBody<PostBody>>(response).data.map((post) => post.id),
      [second.id, first.id],
    )
  })

  it('GET /v1/me?include=posts embeds the first page of the caller’s posts', async (t) => {
    const { app } = await buildTestApp(t)
    const alice = await registerAndLogin(app)
    const created: string[] = []
    for (let i = 0; i < 22; i++) {
      created.push((await createPost(app, alice, { visibility: i % 2 === 0 ? 'public' : 'private' })).id)
    }
    const response = await app.inject({ method: 'GET', url: '/v1/me?include=posts', headers: alice.auth })
    const me = dataOf<{ posts: PostBody[]; links: Record<string, string> }>(response, 200)
    assert.deepEqual(
      me.posts.map((post) => post.id),
      created.reverse().slice(0, 20),
    )
    assert.equal(me.links['posts'], '/v1/me/posts')
  })

  it('DELETE answers 204 with no body, and the post is gone', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth })
    assert.equal(response.statusCode, 204)
    assert.equal(response.body, '')
    errorOf(await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers: author.auth }), 404)
  })

  it('deleting a post deletes its attachments and all its comments', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const post = await createPost(app, author)
    const kept = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    await createComment(app, reader, post.id)
    await createComment(app, reader, post.id, attachment.id)
    const keptAttachment = await createAttachment(app, author, kept.id)
    await createComment(app, reader, kept.id, keptAttachment.id)

    const response = await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth })
    assert.equal(response.statusCode, 204)
    const count = async (table: 'attachments' | 'comments', postId: string) =>
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('post_id', '=', postId)
          .executeTakeFirstOrThrow()
      ).n
    assert.equal(await count('attachments', post.id), 0)
    assert.equal(await count('comments', post.id), 0)
    assert.equal(await count('attachments', kept.id), 1)
    assert.equal(await count('comments', kept.id), 1)
    errorOf(
      await app.inject({
        method: 'GET',
        url: `/v1/posts/${post.id}/attachments/${attachment.id}/content`,
      }),
      404,
    )
  })

  it('answers under /api/v1 as well', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await app.inject({ method: 'GET', url: `/api/v1/posts/${post.id}` })
    assert.equal(dataOf<PostBody>(response, 200).links['self'], `/v1/posts/${post.id}`)
  })
})

describe('IDs in paths', () => {
  it('match regardless of letter case, as UUIDs are case-insensitive', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, author, post.id, attachment.id)
    const upper = (id: string) => id.toUpperCase()
    for (const url of [
      `/v1/posts/${upper(post.id)}`,
      `/v1/posts/${upper(post.id)}/attachments/${upper(attachment.id)}`,
      `/v1/posts/${upper(post.id)}/attachments/${upper(attachment.id)}/comments`,
      `/v1/comments/${upper(comment.id)}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: author.auth })
      assert.equal(response.statusCode, 200, url)
    }
    const logout = await app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${upper(author.sessionId)}`,
      headers: author.auth,
    })
    assert.equal(logout.statusCode, 204)
  })
})

describe('posts: errors', () => {
  it('a missing title answers 400', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { body: 'no title' },
    })
    assert.equal(errorOf(response, 400).fields?.['title'], 'Title is required.')
  })

  it('a title of the wrong JSON type answers 400', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { title: 42 },
    })
    assert.equal(errorOf(response, 400).code, 'BAD_REQUEST')
  })

  it('malformed JSON answers 400 and a text body 415', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const malformed = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: { ...author.auth, 'content-type': 'application/json' },
      payload: '{"title": ',
    })
    errorOf(malformed, 400)
    const text = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: { ...author.auth, 'content-type': 'text/plain' },
      payload: 'title',
    })
    assert.equal(errorOf(text, 415).code, 'UNSUPPORTED_MEDIA_TYPE')
  })

  const invalidPosts: Array<[string, Record<string, unknown>, string]> = [
    ['an empty title', { title: '' }, 'title'],
    ['a title of 201 characters', { title: 't'.repeat(201) }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title on two lines', { title: 'one\ntwo' }, 'title'],
    ['a body over 100,000 characters', { title: 'ok', body: 'b'.repeat(100_001) }, 'body'],
    ['a body with a NUL character', { title: 'ok', body: 'a\u0000b' }, 'body'],
    ['a body with a lone surrogate', { title: 'ok', body: 'a\ud800b' }, 'body'],
    ['an unknown visibility', { title: 'ok', visibility: 'friends' }, 'visibility'],
    ['a read-only id', { title: 'ok', id: UNKNOWN_ID }, 'id'],
    ['a read-only cover_attachment_id', { title: 'ok', cover_attachment_id: null }, 'cover_attachment_id'],
  ]
  for (const [what, payload, field] of invalidPosts) {
    it(`${what} answers 422 naming ${field}`, async (t) => {
      const { app } = await buildTestApp(t)
      const author = await registerAndLogin(app)
      const response = await app.inject({ method: 'POST', url: '/v1/posts', headers: author.auth, payload })
      const error = errorOf(response, 422)
      assert.equal(error.code, 'FIELDS_VALIDATION_ERROR')
      assert.ok(error.fields?.[field], JSON.stringify(error))
    })
  }

  it('several invalid fields are listed together in one 422', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { title: '', visibility: 'friends', user_id: author.id },
    })
    assert.deepEqual(Object.keys(errorOf(response, 422).fields ?? {}).sort(), [
      'title',
      'user_id',
      'visibility',
    ])
  })

  it('PUT without every writable field answers 400 naming the missing ones', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await app.inject({
      method: 'PUT',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'Only a title' },
    })
    const error = errorOf(response, 400)
    assert.deepEqual(Object.keys(error.fields ?? {}).sort(), ['body', 'visibility'])
  })

  it('an unknown or malformed post ID answers 404', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    for (const id of [UNKNOWN_ID, 'not-a-uuid', '1']) {
      errorOf(await app.inject({ method: 'GET', url: `/v1/posts/${id}` }), 404)
      errorOf(
        await app.inject({ method: 'PATCH', url: `/v1/posts/${id}`, headers: author.auth, payload: {} }),
        404,
      )
      errorOf(await app.inject({ method: 'DELETE', url: `/v1/posts/${id}`, headers: author.auth }), 404)
    }
  })

  it('?user= with a malformed ID answers 400', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ method: 'GET', url: '/v1/posts?user=nobody' })
    assert.equal(errorOf(response, 400).fields?.['user'], 'User must be a user ID (a UUID).')
  })

  it('a stale If-Match on PATCH answers 412 and changes nothing', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'Original' })
    const first = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '"v1"' },
      payload: { title: 'First editor' },
    })
    assert.equal(first.statusCode, 200)
    const second = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '"v1"' },
      payload: { title: 'Second editor' },
    })
    assert.equal(errorOf(second, 412).code, 'PRECONDITION_FAILED')
    const current = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.equal(dataOf<PostBody>(current, 200).title, 'First editor')
  })

  it('a current or wildcard If-Match lets PUT and DELETE through; a stale one answers 412', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const replaced = await app.inject({
      method: 'PUT',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '"v1"' },
      payload: { title: 'T', body: 'B', visibility: 'public' },
    })
    assert.equal(replaced.headers['etag'], '"v2"')
    errorOf(
      await app.inject({
        method: 'PUT',
        url: `/v1/posts/${post.id}`,
        headers: { ...author.auth, 'if-match': '"v1"' },
        payload: { title: 'T', body: 'B', visibility: 'public' },
      }),
      412,
    )
    errorOf(
      await app.inject({
        method: 'DELETE',
        url: `/v1/posts/${post.id}`,
        headers: { ...author.auth, 'if-match': '"v1"' },
      }),
      412,
    )
    dataOf(await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` }), 200)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/v1/posts/${post.id}`,
      headers: { ...author.auth, 'if-match': '*' },
    })
    assert.equal(deleted.statusCode, 204)
  })

  it('two concurrent edits with the same If-Match: exactly one wins, the other answers 412', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    for (let round = 0; round < 5; round++) {
      const post = await createPost(app, author)
      const edit = (title: string) =>
        app.inject({
          method: 'PATCH',
          url: `/v1/posts/${post.id}`,
          headers: { ...author.auth, 'if-match': '"v1"' },
          payload: { title },
        })
      const responses = await Promise.all([edit('left'), edit('right')])
      assert.deepEqual(responses.map((response) => response.statusCode).sort(), [200, 412])
      const winner = responses.find((response) => response.statusCode === 200)
      const current = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
      assert.equal(dataOf<PostBody>(current, 200).title, winner && dataOf<PostBody>(winner, 200).title)
      assert.equal(current.headers['etag'], '"v2"')
    }
  })

  it('a write conditioned on a version that moved on meanwhile changes nothing', async (t) => {
    // The race If-Match guards against: the version is checked by the UPDATE itself, not only before it.
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author, { title: 'Original' })
    await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'Changed meanwhile' },
    })
    assert.equal(await updatePost(db, post.id, { title: 'Late' }, Date.now(), 1), undefined)
    const current = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.equal(dataOf<PostBody>(current, 200).title, 'Changed meanwhile')
  })

  it('a deleted post answers 404 to every later request', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth })
    errorOf(await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth }), 404)
    errorOf(
      await app.inject({
        method: 'PUT',
        url: `/v1/posts/${post.id}`,
        headers: author.auth,
        payload: { title: 'x', body: '', visibility: 'public' },
      }),
      404,
    )
  })
})

describe('posts: security', () => {
  it('creating a post without a token answers 401', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ method: 'POST', url: '/v1/posts', payload: { title: 'x' } })
    assert.equal(errorOf(response, 401).code, 'UNAUTHENTICATED')
  })

  it('a private post of another user answers 404 exactly like a post that does not exist', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const post = await createPost(app, author, { visibility: 'private' })
    for (const headers of [other.auth, {}]) {
      const hidden = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers })
      const missing = await app.inject({ method: 'GET', url: `/v1/posts/${UNKNOWN_ID}`, headers })
      assert.equal(hidden.statusCode, 404)
      assert.equal(hidden.body, missing.body)
    }
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/v1/posts/${post.id}`,
        headers: other.auth,
        ...(method === 'DELETE' ? {} : { payload: { title: 'x', body: '', visibility: 'public' } }),
      })
      errorOf(response, 404)
    }
  })

  it('another user’s public post can be read but not changed (403)', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const post = await createPost(app, author)
    dataOf(await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers: other.auth }), 200)
    const patch = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: other.auth,
      payload: { title: 'hijacked' },
    })
    assert.equal(errorOf(patch, 403).code, 'FORBIDDEN')
    errorOf(await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: other.auth }), 403)
    assert.equal(
      dataOf<PostBody>(await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` }), 200).title,
      'A post',
    )
  })

  it('private posts never appear in another user’s or an anonymous list, nor in /me/posts of others', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const secret = await createPost(app, author, { title: 'secret', visibility: 'private' })
    const urls = ['/v1/posts', `/v1/posts?user=${author.id}`, '/v1/me/posts']
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url, headers: other.auth })
      assert.equal(response.statusCode, 200)
      assert.ok(!response.body.includes(secret.id), url)
    }
    const anonymous = await app.inject({ method: 'GET', url: '/v1/posts' })
    assert.ok(!anonymous.body.includes(secret.id))
  })

  it('GET /v1/me/posts without a token answers 401', async (t) => {
    const { app } = await buildTestApp(t)
    errorOf(await app.inject({ method: 'GET', url: '/v1/me/posts' }), 401)
  })

  it('an invalid token on a public read answers 401 rather than being ignored', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'GET',
      url: '/v1/posts',
      headers: { authorization: 'Bearer 00000000-0000-4000-8000-000000000000' },
    })
    errorOf(response, 401)
  })
})
