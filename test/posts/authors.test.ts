import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { listAttachmentComments, listPostComments } from '../../src/comments/comments.queries.js'
import {
  findPostById,
  listPostsByAuthor,
  listPostsVisibleTo,
  listPublicPosts,
  listPublicPostsByAuthor,
} from '../../src/posts/posts.queries.js'
import { buildTestApp, loggedDb, registerAndLogin, UNLIMITED_WRITES, type TestUser } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  type CommentBody,
  type PostBody,
} from '../content-helpers.js'

// Posts and comments name their author ({id, display_name}, never the email), read in the statement
// that reads the page: the users table is joined, not asked once per item.

/** Registers a user and gives them a display name (null when `name` is null). */
async function author(app: FastifyInstance, name: string | null): Promise<TestUser> {
  const user = await registerAndLogin(app, 'author')
  if (name !== null) {
    const response = await app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: user.auth,
      payload: { display_name: name },
    })
    assert.equal(response.statusCode, 200, response.body)
  }
  return user
}

describe('authors of posts and comments', () => {
  describe('happy', () => {
    it('every post in a list, its detail, create, update and cover responses carry {id, display_name}', async (t) => {
      const { app } = await buildTestApp(t)
      const named = await author(app, 'Ada Lovelace')
      const unnamed = await author(app, null)
      const namedPost = await createPost(app, named, { title: 'By Ada' })
      assert.deepEqual(namedPost.author, { id: named.id, display_name: 'Ada Lovelace' })
      const unnamedPost = await createPost(app, unnamed, { title: 'By nobody in particular' })
      assert.deepEqual(unnamedPost.author, { id: unnamed.id, display_name: null })

      const list = dataOf<PostBody[]>(await app.inject({ method: 'GET', url: '/v1/posts' }), 200)
      assert.deepEqual(
        list.map((post) => post.author),
        [
          { id: unnamed.id, display_name: null },
          { id: named.id, display_name: 'Ada Lovelace' },
        ],
      )
      for (const url of [
        '/v1/posts',
        `/v1/posts?user=${named.id}`,
        '/v1/me/posts',
        `/v1/posts/${namedPost.id}`,
      ]) {
        const body = await app.inject({ method: 'GET', url, headers: named.auth })
        assert.equal(body.statusCode, 200, url)
        assert.match(body.body, /"author":\{"id":"[^"]+","display_name":"Ada Lovelace"\}/, url)
      }
      const patched = dataOf<PostBody>(
        await app.inject({
          method: 'PATCH',
          url: `/v1/posts/${namedPost.id}`,
          headers: named.auth,
          payload: { title: 'Renamed' },
        }),
        200,
      )
      assert.deepEqual(patched.author, { id: named.id, display_name: 'Ada Lovelace' })
      const photo = await createAttachment(app, named, namedPost.id, 'PNG', 'cover.png', 'image/png')
      const covered = dataOf<PostBody>(
        await app.inject({ method: 'POST', url: photo.links['select'] ?? '', headers: named.auth }),
        200,
      )
      assert.deepEqual(covered.author, { id: named.id, display_name: 'Ada Lovelace' })
    })

    it('every comment in a list, its detail, create and update responses carry their own author', async (t) => {
      const { app } = await buildTestApp(t)
      const writer = await author(app, 'Grace Hopper')
      const reader = await author(app, 'Alan Turing')
      const post = await createPost(app, writer)
      const file = await createAttachment(app, writer, post.id)
      const created = await createComment(app, reader, post.id)
      assert.deepEqual(created.author, { id: reader.id, display_name: 'Alan Turing' })
      await createComment(app, writer, post.id)
      await createComment(app, reader, post.id, file.id)

      const list = dataOf<CommentBody[]>(
        await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/comments` }),
        200,
      )
      assert.deepEqual(
        list.map((comment) => [comment.user_id, comment.author.display_name]),
        [
          [writer.id, 'Grace Hopper'],
          [reader.id, 'Alan Turing'],
        ],
      )
      const onFile = dataOf<CommentBody[]>(
        await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/attachments/${file.id}/comments` }),
        200,
      )
      assert.deepEqual(onFile[0]?.author, { id: reader.id, display_name: 'Alan Turing' })
      const read = dataOf<CommentBody>(
        await app.inject({ method: 'GET', url: `/v1/comments/${created.id}` }),
        200,
      )
      assert.deepEqual(read.author, { id: reader.id, display_name: 'Alan Turing' })
      const changed = dataOf<CommentBody>(
        await app.inject({
          method: 'PATCH',
          url: `/v1/comments/${created.id}`,
          headers: reader.auth,
          payload: { body: 'Changed my mind' },
        }),
        200,
      )
      assert.deepEqual(changed.author, { id: reader.id, display_name: 'Alan Turing' })
    })

    it('a page of posts or comments by many authors, with their names, is one statement', async (t) => {
      const testApp = await buildTestApp(t, UNLIMITED_WRITES)
      const { app } = testApp
      const authors = [await author(app, 'One'), await author(app, 'Two'), await author(app, null)]
      const post = await createPost(app, authors[0] as TestUser)
      const file = await createAttachment(app, authors[0] as TestUser, post.id)
      for (const [i, user] of authors.entries()) {
        await createPost(app, user, { visibility: i === 1 ? 'private' : 'public' })
        await createComment(app, user, post.id)
        await createComment(app, user, post.id, file.id)
      }
      const names = new Map(authors.map((user, i) => [user.id, [`One`, 'Two', null][i]]))
      const { db, statements } = loggedDb(t, testApp)
      const page = { limit: 20 }
      const shownOnly = { all: false, ownerId: undefined }
      const reads: Array<
        [string, () => Promise<Array<{ user_id: string; author_display_name: string | null }>>]
      > = [
        ['listPublicPosts', async () => (await listPublicPosts(db, page, false)).rows],
        [
          'listPostsVisibleTo',
          async () => (await listPostsVisibleTo(db, authors[1]?.id ?? '', page, false)).rows,
        ],
        ['listPostsByAuthor', async () => (await listPostsByAuthor(db, authors[1]?.id ?? '', page)).rows],
        [
          'listPublicPostsByAuthor',
          async () => (await listPublicPostsByAuthor(db, authors[0]?.id ?? '', page, false)).rows,
        ],
        ['listPostComments', async () => (await listPostComments(db, post.id, page, shownOnly)).rows],
        [
          'listAttachmentComments',
          async () => (await listAttachmentComments(db, file.id, page, shownOnly)).rows,
        ],
        ['findPostById', async () => [await findPostById(db, post.id)].filter((row) => row !== undefined)],
      ]
      for (const [name, read] of reads) {
        statements.length = 0
        const rows = await read()
        assert.ok(rows.length > 0, `${name} found rows`)
        assert.equal(statements.length, 1, `${name} is one statement:\n${statements.join('\n')}`)
        for (const row of rows) assert.equal(row.author_display_name, names.get(row.user_id), name)
      }
      assert.equal(
        (await listPostsVisibleTo(db, authors[1]?.id ?? '', page, false)).rows.length,
        4,
        'the private post of the caller is in their feed',
      )
      await db.destroy()
    })
  })

  describe('security', () => {
    it('no post or comment response carries an author’s email', async (t) => {
      const { app } = await buildTestApp(t)
      const writer = await author(app, null)
      const post = await createPost(app, writer)
      const comment = await createComment(app, writer, post.id)
      const responses = [
        await app.inject({ method: 'GET', url: '/v1/posts' }),
        await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` }),
        await app.inject({ method: 'GET', url: '/v1/me/posts', headers: writer.auth }),
        await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/comments` }),
        await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}` }),
      ]
      for (const response of responses) {
        assert.equal(response.statusCode, 200)
        assert.ok(!response.body.toLowerCase().includes(writer.email.toLowerCase()), response.body)
        assert.ok(!response.body.includes('"email"'), response.body)
      }
    })
  })
})
