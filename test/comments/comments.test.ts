import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CommentSchema } from '../../src/comments/comments.schemas.js'
import { serializerFor } from '../../src/http/serialization.js'
import { Envelope } from '../../src/http/schemas.js'
import { buildTestApp, json, registerAndLogin } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  type CommentBody,
  type ListBody,
} from '../content-helpers.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

describe('comments: happy paths', () => {
  it('any signed-in user comments on a public post: 201 with the comment, ETag and Location', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const post = await createPost(app, author)
    const response = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/comments`,
      headers: reader.auth,
      payload: { body: 'Nice post' },
    })
    const comment = dataOf<CommentBody>(response, 201)
    assert.equal(comment.post_id, post.id)
    assert.equal(comment.attachment_id, null)
    assert.equal(comment.user_id, reader.id)
    assert.equal(comment.body, 'Nice post')
    assert.equal(response.headers['etag'], '"v1"')
    assert.equal(response.headers['location'], `/v1/comments/${comment.id}`)
    assert.deepEqual(comment.links, { self: `/v1/comments/${comment.id}`, post: `/v1/posts/${post.id}` })
  })

  it('writes the 201 and the live event’s data from one serialization, as the schema writes it', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/comments`,
      headers: author.auth,
      payload: { body: 'Said "once", with a \\ and ü' },
    })
    assert.equal(response.statusCode, 201, response.body)
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    const serialize = serializerFor(Envelope(CommentSchema))
    assert.equal(response.body, serialize(JSON.parse(response.body)))
    const event = await app.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    assert.equal(event.type, 'comment.created')
    assert.equal(`{"data":${event.payload}}`, response.body)
  })

  it('comments on an attachment carry its ID and a link to it', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, author, post.id, attachment.id, 'About this file')
    assert.equal(comment.attachment_id, attachment.id)
    assert.equal(comment.links['attachment'], attachment.links['self'])
  })

  it('a post lists only its direct comments and an attachment only its own, newest first', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const otherAttachment = await createAttachment(app, author, post.id)
    const onPost1 = await createComment(app, author, post.id)
    const onFile = await createComment(app, author, post.id, attachment.id)
    const onPost2 = await createComment(app, author, post.id)
    await createComment(app, author, post.id, otherAttachment.id)

    const postComments = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/comments` })
    assert.deepEqual(
      json<ListBody<CommentBody>>(postComments).data.map((comment) => comment.id),
      [onPost2.id, onPost1.id],
    )
    const fileComments = await app.inject({ method: 'GET', url: attachment.links['comments'] ?? '' })
    assert.deepEqual(json<ListBody<CommentBody>>(fileComments).data, [onFile])
  })

  it('GET /v1/comments/{id} reads a comment with its ETag and answers 304 to If-None-Match', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const comment = await createComment(app, author, post.id)
    const response = await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}` })
    assert.deepEqual(dataOf<CommentBody>(response, 200), comment)
    assert.equal(response.headers['etag'], '"v1"')
    const cached = await app.inject({
      method: 'GET',
      url: `/v1/comments/${comment.id}`,
      headers: { 'if-none-match': '"v1"' },
    })
    assert.equal(cached.statusCode, 304)
  })

  it('PATCH and PUT change the body and bump the ETag', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const comment = await createComment(app, author, post.id)
    const patched = await app.inject({
      method: 'PATCH',
      url: `/v1/comments/${comment.id}`,
      headers: { ...author.auth, 'if-match': '"v1"' },
      payload: { body: 'Edited' },
    })
    assert.equal(dataOf<CommentBody>(patched, 200).body, 'Edited')
    assert.equal(patched.headers['etag'], '"v2"')
    const put = await app.inject({
      method: 'PUT',
      url: `/v1/comments/${comment.id}`,
      headers: { ...author.auth, 'if-match': '"v2"' },
      payload: { body: 'Replaced' },
    })
    assert.equal(dataOf<CommentBody>(put, 200).body, 'Replaced')
    assert.equal(put.headers['etag'], '"v3"')
    const empty = await app.inject({
      method: 'PATCH',
      url: `/v1/comments/${comment.id}`,
      headers: author.auth,
      payload: {},
    })
    assert.equal(dataOf<CommentBody>(empty, 200).body, 'Replaced')
  })

  it('the comment’s author and the post’s author may each delete it (204)', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const post = await createPost(app, author)
    const first = await createComment(app, reader, post.id)
    const second = await createComment(app, reader, post.id)
    const byCommenter = await app.inject({
      method: 'DELETE',
      url: `/v1/comments/${first.id}`,
      headers: reader.auth,
    })
    assert.equal(byCommenter.statusCode, 204)
    assert.equal(byCommenter.body, '')
    const byPostAuthor = await app.inject({
      method: 'DELETE',
      url: `/v1/comments/${second.id}`,
      headers: author.auth,
    })
    assert.equal(byPostAuthor.statusCode, 204)
    errorOf(await app.inject({ method: 'GET', url: `/v1/comments/${first.id}` }), 404)
  })

  it('accepts a body of exactly 10,000 characters', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const comment = await createComment(app, author, post.id, undefined, 'c'.repeat(10_000))
    assert.equal(comment.body.length, 10_000)
  })
})

describe('comments: errors', () => {
  const invalid: Array<[string, unknown, number]> = [
    ['a missing body', {}, 400],
    ['a body of the wrong type', { body: 5 }, 400],
    ['an empty body', { body: '' }, 422],
    ['a blank body', { body: ' \n\t ' }, 422],
    ['a body of 10,001 characters', { body: 'c'.repeat(10_001) }, 422],
    ['a body with a NUL character', { body: 'a\u0000' }, 422],
    ['an unknown field', { body: 'ok', user_id: UNKNOWN_ID }, 422],
  ]
  for (const [what, payload, status] of invalid) {
    it(`${what} answers ${status}`, async (t) => {
      const { app } = await buildTestApp(t)
      const author = await registerAndLogin(app)
      const post = await createPost(app, author)
      const response = await app.inject({
        method: 'POST',
        url: `/v1/posts/${post.id}/comments`,
        headers: author.auth,
        payload: payload as Record<string, unknown>,
      })
      const error = errorOf(response, status)
      if (status === 422) assert.equal(error.code, 'FIELDS_VALIDATION_ERROR')
    })
  }

  it('PUT without a body answers 400 and PATCH with a blank one 422', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const comment = await createComment(app, author, post.id)
    errorOf(
      await app.inject({
        method: 'PUT',
        url: `/v1/comments/${comment.id}`,
        headers: author.auth,
        payload: {},
      }),
      400,
    )
    errorOf(
      await app.inject({
        method: 'PATCH',
        url: `/v1/comments/${comment.id}`,
        headers: author.auth,
        payload: { body: '   ' },
      }),
      422,
    )
  })

  it('unknown, malformed or mismatched IDs answer 404', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const otherPost = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const payload = { body: 'x' }
    for (const url of [
      `/v1/posts/${UNKNOWN_ID}/comments`,
      `/v1/posts/bad/comments`,
      `/v1/posts/${otherPost.id}/attachments/${attachment.id}/comments`,
      `/v1/posts/${post.id}/attachments/${UNKNOWN_ID}/comments`,
    ]) {
      errorOf(await app.inject({ method: 'GET', url }), 404)
      errorOf(await app.inject({ method: 'POST', url, headers: author.auth, payload }), 404)
    }
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      errorOf(
        await app.inject({
          method,
          url: `/v1/comments/${UNKNOWN_ID}`,
          headers: author.auth,
          ...(method === 'PATCH' || method === 'PUT' ? { payload } : {}),
        }),
        404,
      )
    }
  })

  it('a stale If-Match on PATCH, PUT and DELETE answers 412 and changes nothing', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const comment = await createComment(app, author, post.id, undefined, 'original')
    await app.inject({
      method: 'PATCH',
      url: `/v1/comments/${comment.id}`,
      headers: author.auth,
      payload: { body: 'first edit' },
    })
    const stale = { ...author.auth, 'if-match': '"v1"' }
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/v1/comments/${comment.id}`,
        headers: stale,
        ...(method === 'DELETE' ? {} : { payload: { body: 'lost update' } }),
      })
      assert.equal(errorOf(response, 412).code, 'PRECONDITION_FAILED', method)
    }
    const current = await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}` })
    assert.equal(dataOf<CommentBody>(current, 200).body, 'first edit')
  })

  it('commenting on a deleted attachment answers 404', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    await app.inject({ method: 'DELETE', url: `/v1/attachments/${attachment.id}`, headers: author.auth })
    errorOf(
      await app.inject({
        method: 'POST',
        url: attachment.links['comments'] ?? '',
        headers: author.auth,
        payload: { body: 'x' },
      }),
      404,
    )
  })
})

describe('comments: security', () => {
  it('only the comment’s author may edit it: the post’s author and others get 403', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const commenter = await registerAndLogin(app, 'commenter')
    const stranger = await registerAndLogin(app, 'stranger')
    const post = await createPost(app, author)
    const comment = await createComment(app, commenter, post.id)
    for (const user of [author, stranger]) {
      for (const method of ['PATCH', 'PUT'] as const) {
        const response = await app.inject({
          method,
          url: `/v1/comments/${comment.id}`,
          headers: user.auth,
          payload: { body: 'rewritten' },
        })
        assert.equal(errorOf(response, 403).code, 'FORBIDDEN')
      }
    }
    errorOf(
      await app.inject({ method: 'DELETE', url: `/v1/comments/${comment.id}`, headers: stranger.auth }),
      403,
    )
  })

  it('anonymous callers read public comments but cannot write any (401)', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const comment = await createComment(app, author, post.id)
    assert.equal((await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/comments` })).statusCode, 200)
    errorOf(
      await app.inject({ method: 'POST', url: `/v1/posts/${post.id}/comments`, payload: { body: 'x' } }),
      401,
    )
    errorOf(await app.inject({ method: 'DELETE', url: `/v1/comments/${comment.id}` }), 401)
  })

  it('comments under another user’s private post answer 404 to others, for reads and writes', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const post = await createPost(app, author, { visibility: 'private' })
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, author, post.id)
    await createComment(app, author, post.id, attachment.id)
    for (const headers of [other.auth, {}]) {
      errorOf(await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/comments`, headers }), 404)
      errorOf(await app.inject({ method: 'GET', url: attachment.links['comments'] ?? '', headers }), 404)
      errorOf(await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}`, headers }), 404)
    }
    errorOf(
      await app.inject({
        method: 'POST',
        url: `/v1/posts/${post.id}/comments`,
        headers: other.auth,
        payload: { body: 'x' },
      }),
      404,
    )
    errorOf(
      await app.inject({
        method: 'PATCH',
        url: `/v1/comments/${comment.id}`,
        headers: other.auth,
        payload: { body: 'x' },
      }),
      404,
    )
  })

  it('a comment stays the commenter’s after the post turns private: they can no longer see it (404)', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const commenter = await registerAndLogin(app, 'commenter')
    const post = await createPost(app, author)
    const comment = await createComment(app, commenter, post.id)
    await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { visibility: 'private' },
    })
    errorOf(
      await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}`, headers: commenter.auth }),
      404,
    )
    dataOf(await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}`, headers: author.auth }), 200)
  })
})
