import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildTestApp, json, registerAndLogin, UNLIMITED_WRITES, type TestUser } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  multipartBody,
  type AttachmentBody,
  type CommentBody,
  type ErrorBody,
  type PostBody,
} from '../content-helpers.js'

// Every content route × {the post's author, another user, anonymous}, on a public and on a private
// post. On a private post the other user and the anonymous caller may not see anything under it, so
// they get 404 (401 first where the route needs a token); the author gets what they get on a public one.

type Role = 'author' | 'other' | 'anonymous'

/** A fresh post with one attachment, the author's comments on both, and the other user's comment. */
interface Fixture {
  post: PostBody
  attachment: AttachmentBody
  authorComment: CommentBody
  otherComment: CommentBody
}

interface RouteCase {
  route: string
  /** Whether the route needs a token (anonymous → 401) or takes one optionally. */
  auth: 'required' | 'optional'
  /** Whether the route acts on the fixture's post (so a private post hides it from others). */
  underPost: boolean
  request: (fixture: Fixture, author: TestUser) => InjectOptions
  /** Statuses on a public post. */
  expected: Record<Role, number>
}

const multipart = multipartBody({ filename: 'm.txt', contentType: 'text/plain', content: 'multipart' })

const ROUTES: RouteCase[] = [
  {
    route: 'POST /v1/posts',
    auth: 'required',
    underPost: false,
    request: () => ({ method: 'POST', url: '/v1/posts', payload: { title: 'New' } }),
    expected: { author: 201, other: 201, anonymous: 401 },
  },
  {
    route: 'GET /v1/posts',
    auth: 'optional',
    underPost: false,
    request: () => ({ method: 'GET', url: '/v1/posts' }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'GET /v1/posts?user={author}',
    auth: 'optional',
    underPost: false,
    request: (_f, author) => ({ method: 'GET', url: `/v1/posts?user=${author.id}` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'GET /v1/me/posts',
    auth: 'required',
    underPost: false,
    request: () => ({ method: 'GET', url: '/v1/me/posts' }),
    expected: { author: 200, other: 200, anonymous: 401 },
  },
  {
    route: 'GET /v1/posts/{id}',
    auth: 'optional',
    underPost: true,
    request: (f) => ({ method: 'GET', url: `/v1/posts/${f.post.id}` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'PATCH /v1/posts/{id}',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'PATCH', url: `/v1/posts/${f.post.id}`, payload: { title: 'Changed' } }),
    expected: { author: 200, other: 403, anonymous: 401 },
  },
  {
    route: 'PUT /v1/posts/{id}',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'PUT',
      url: `/v1/posts/${f.post.id}`,
      payload: { title: 'Replaced', body: '', visibility: f.post.visibility },
    }),
    expected: { author: 200, other: 403, anonymous: 401 },
  },
  {
    route: 'DELETE /v1/posts/{id}',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'DELETE', url: `/v1/posts/${f.post.id}` }),
    expected: { author: 204, other: 403, anonymous: 401 },
  },
  {
    route: 'POST /v1/posts/{id}/attachments (raw)',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'POST',
      url: `/v1/posts/${f.post.id}/attachments?filename=raw.txt`,
      headers: { 'content-type': 'text/plain' },
      payload: 'raw',
    }),
    expected: { author: 201, other: 403, anonymous: 401 },
  },
  {
    route: 'POST /v1/posts/{id}/attachments (multipart)',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'POST',
      url: `/v1/posts/${f.post.id}/attachments`,
      headers: { 'content-type': multipart.contentType },
      payload: multipart.payload,
    }),
    expected: { author: 201, other: 403, anonymous: 401 },
  },
  {
    route: 'GET /v1/posts/{id}/attachments',
    auth: 'optional',
    underPost: true,
    request: (f) => ({ method: 'GET', url: `/v1/posts/${f.post.id}/attachments` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'GET /v1/posts/{id}/attachments/{aid}',
    auth: 'optional',
    underPost: true,
    request: (f) => ({ method: 'GET', url: `/v1/posts/${f.post.id}/attachments/${f.attachment.id}` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'GET /v1/posts/{id}/attachments/{aid}/content',
    auth: 'optional',
    underPost: true,
    request: (f) => ({ method: 'GET', url: `/v1/posts/${f.post.id}/attachments/${f.attachment.id}/content` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'POST /v1/posts/{id}/attachments/{aid}/select',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'POST', url: `/v1/posts/${f.post.id}/attachments/${f.attachment.id}/select` }),
    expected: { author: 200, other: 403, anonymous: 401 },
  },
  {
    route: 'PATCH /v1/attachments/{id}',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'PATCH',
      url: `/v1/attachments/${f.attachment.id}`,
      payload: { filename: 'r.txt' },
    }),
    expected: { author: 200, other: 403, anonymous: 401 },
  },
  {
    route: 'DELETE /v1/attachments/{id}',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'DELETE', url: `/v1/attachments/${f.attachment.id}` }),
    expected: { author: 204, other: 403, anonymous: 401 },
  },
  {
    route: 'POST /v1/posts/{id}/comments',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'POST', url: `/v1/posts/${f.post.id}/comments`, payload: { body: 'Hi' } }),
    expected: { author: 201, other: 201, anonymous: 401 },
  },
  {
    route: 'GET /v1/posts/{id}/comments',
    auth: 'optional',
    underPost: true,
    request: (f) => ({ method: 'GET', url: `/v1/posts/${f.post.id}/comments` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'POST /v1/posts/{id}/attachments/{aid}/comments',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'POST',
      url: `/v1/posts/${f.post.id}/attachments/${f.attachment.id}/comments`,
      payload: { body: 'Hi' },
    }),
    expected: { author: 201, other: 201, anonymous: 401 },
  },
  {
    route: 'GET /v1/posts/{id}/attachments/{aid}/comments',
    auth: 'optional',
    underPost: true,
    request: (f) => ({
      method: 'GET',
      url: `/v1/posts/${f.post.id}/attachments/${f.attachment.id}/comments`,
    }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'GET /v1/comments/{id}',
    auth: 'optional',
    underPost: true,
    request: (f) => ({ method: 'GET', url: `/v1/comments/${f.authorComment.id}` }),
    expected: { author: 200, other: 200, anonymous: 200 },
  },
  {
    route: 'PATCH /v1/comments/{id} (the author’s comment)',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'PATCH',
      url: `/v1/comments/${f.authorComment.id}`,
      payload: { body: 'Edited' },
    }),
    expected: { author: 200, other: 403, anonymous: 401 },
  },
  {
    route: 'PUT /v1/comments/{id} (the author’s comment)',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'PUT',
      url: `/v1/comments/${f.authorComment.id}`,
      payload: { body: 'Replaced' },
    }),
    expected: { author: 200, other: 403, anonymous: 401 },
  },
  {
    route: 'DELETE /v1/comments/{id} (the author’s comment)',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'DELETE', url: `/v1/comments/${f.authorComment.id}` }),
    expected: { author: 204, other: 403, anonymous: 401 },
  },
  {
    route: 'PATCH /v1/comments/{id} (the other user’s comment)',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'PATCH',
      url: `/v1/comments/${f.otherComment.id}`,
      payload: { body: 'Edited' },
    }),
    expected: { author: 403, other: 200, anonymous: 401 },
  },
  {
    route: 'PUT /v1/comments/{id} (the other user’s comment)',
    auth: 'required',
    underPost: true,
    request: (f) => ({
      method: 'PUT',
      url: `/v1/comments/${f.otherComment.id}`,
      payload: { body: 'Replaced' },
    }),
    expected: { author: 403, other: 200, anonymous: 401 },
  },
  {
    route: 'DELETE /v1/comments/{id} (the other user’s comment)',
    auth: 'required',
    underPost: true,
    request: (f) => ({ method: 'DELETE', url: `/v1/comments/${f.otherComment.id}` }),
    expected: { author: 204, other: 204, anonymous: 401 },
  },
]

/** What a role gets on a private post: the author as on a public one; nobody else may see it. */
function expectedOnPrivate(routeCase: RouteCase, role: Role): number {
  if (role === 'author' || !routeCase.underPost) return routeCase.expected[role]
  if (role === 'anonymous' && routeCase.auth === 'required') return 401
  return 404
}

async function createFixture(
  app: FastifyInstance,
  author: TestUser,
  other: TestUser,
  visibility: 'public' | 'private',
): Promise<Fixture> {
  const post = await createPost(app, author)
  const attachment = await createAttachment(app, author, post.id, 'PNG', 'cover.png', 'image/png')
  const authorComment = await createComment(app, author, post.id)
  await createComment(app, author, post.id, attachment.id)
  // Commented while the post was public; a private post then hides it from its own writer too.
  const otherComment = await createComment(app, other, post.id)
  if (visibility === 'private') {
    const response = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { visibility: 'private' },
    })
    assert.equal(response.statusCode, 200)
    return { post: json<{ data: PostBody }>(response).data, attachment, authorComment, otherComment }
  }
  return { post, attachment, authorComment, otherComment }
}

for (const visibility of ['public', 'private'] as const) {
  describe(`permission matrix on a ${visibility} post`, () => {
    it(`every content route answers each caller as the rules say (${visibility})`, async (t) => {
      // A fixture per case: far more posts and comments than a user may write in a minute.
      const { app } = await buildTestApp(t, UNLIMITED_WRITES)
      const author = await registerAndLogin(app, 'author')
      const other = await registerAndLogin(app, 'other')
      const headersOf: Record<Role, Record<string, string>> = {
        author: author.auth,
        other: other.auth,
        anonymous: {},
      }
      for (const routeCase of ROUTES) {
        for (const role of ['author', 'other', 'anonymous'] as const) {
          const expected =
            visibility === 'public' ? routeCase.expected[role] : expectedOnPrivate(routeCase, role)
          await t.test(`${routeCase.route} as ${role} answers ${expected}`, async () => {
            // A fresh fixture per case, so deletions and edits never leak into the next case.
            const fixture = await createFixture(app, author, other, visibility)
            const options = routeCase.request(fixture, author)
            const response = await app.inject({
              ...options,
              headers: { ...(options.headers as Record<string, string> | undefined), ...headersOf[role] },
            })
            assert.equal(response.statusCode, expected, response.body)
            if (expected >= 400) {
              const body = json<ErrorBody>(response)
              assert.equal(typeof body.error.code, 'string')
            }
          })
        }
      }
    })
  })
}

describe('permission matrix: what a private post hides', () => {
  it('lists never show another user’s private post, with or without ?user=', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const post = await createPost(app, author, { visibility: 'private' })
    for (const headers of [other.auth, {}]) {
      for (const url of ['/v1/posts', `/v1/posts?user=${author.id}`]) {
        const response = await app.inject({ method: 'GET', url, headers })
        assert.equal(response.statusCode, 200)
        assert.ok(!response.body.includes(post.id))
      }
    }
    const own = await app.inject({ method: 'GET', url: '/v1/posts', headers: author.auth })
    assert.ok(own.body.includes(post.id))
  })
})
