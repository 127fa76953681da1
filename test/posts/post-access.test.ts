import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { writesPostAccess } from '../../src/posts/post-access.js'
import { createPost } from '../content-helpers.js'
import { castOf } from '../moderation-helpers.js'
import {
  buildTestApp,
  otherProcess,
  outsideWrite,
  registerAndLogin,
  TEST_ENGINE,
  type TestUser,
} from '../helpers.js'

// Who may see a post is kept for a moment after it is read (posts/post-access.ts, a row cache):
// every comment written or listed, file uploaded or listed, and stream opened on a post reads it.
// "Another process" is a connection of its own to the test's database, as an operator's shell would
// be; on PostgreSQL a second instance makes the first stop using copies.

/** The status of `user`'s comment on the post: 201 while they may see it, 404 once they may not. */
async function commentStatus(app: FastifyInstance, user: TestUser, postId: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/posts/${postId}/comments`,
    headers: user.auth,
    payload: { body: 'Still here?' },
  })
  return response.statusCode
}

/** `author` sets the post's visibility through the API. */
async function setVisibility(
  app: FastifyInstance,
  author: TestUser,
  postId: string,
  visibility: 'public' | 'private',
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: `/v1/posts/${postId}`,
    headers: author.auth,
    payload: { visibility },
  })
  assert.equal(response.statusCode, 200, response.body)
}

/** A public post of `author`'s that `reader` has just commented on, so its access is kept. */
async function readPost(app: FastifyInstance, author: TestUser, reader: TestUser): Promise<string> {
  const post = await createPost(app, author, { visibility: 'public' })
  assert.equal(await commentStatus(app, reader, post.id), 201)
  return post.id
}

describe('post access cache', () => {
  it('answers from a copy until POST_ACCESS_CACHE passes, for a write this process cannot see', async (t) => {
    const { app, databaseUrl } = await buildTestApp(t, { POST_ACCESS_CACHE: '1500ms' })
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const postId = await readPost(app, author, reader)
    await outsideWrite(t, databaseUrl, "update posts set visibility = 'private' where id = ?", postId)
    // The comment just written (an insert with its event) left the copy in place...
    assert.equal(await commentStatus(app, reader, postId), 201, 'answered from the copy')
    const listed = await app.inject({
      method: 'GET',
      url: `/v1/posts/${postId}/comments`,
      headers: reader.auth,
    })
    assert.equal(listed.statusCode, 200, 'the list too')
    await sleep(1600)
    // ...and once its life has passed the database is read again.
    assert.equal(await commentStatus(app, reader, postId), 404, 'read again after POST_ACCESS_CACHE')
  })

  it('POST_ACCESS_CACHE=0 reads who may see the post on every request', async (t) => {
    const { app, databaseUrl } = await buildTestApp(t, { POST_ACCESS_CACHE: '0' })
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const postId = await readPost(app, author, reader)
    await outsideWrite(t, databaseUrl, "update posts set visibility = 'private' where id = ?", postId)
    assert.equal(await commentStatus(app, reader, postId), 404)
  })

  it('every write of this process that changes who may see a post is seen by the next request', async (t) => {
    // A life of a minute, longer than the test: only the writes themselves can set the copies aside.
    const { app, db } = await buildTestApp(t, { POST_ACCESS_CACHE: '1m' })
    const { author, member, moderator } = await castOf(app, db)

    const madePrivate = await readPost(app, author, member)
    await setVisibility(app, author, madePrivate, 'private')
    assert.equal(await commentStatus(app, member, madePrivate), 404, 'made private')
    // Every route that asks who may see the post asks the same copies.
    for (const url of [
      `/v1/posts/${madePrivate}/comments`,
      `/v1/posts/${madePrivate}/attachments`,
      `/v1/events?topics=posts/${madePrivate}`,
    ]) {
      const read = await app.inject({ method: 'GET', url, headers: member.auth })
      assert.equal(read.statusCode, 404, `${url} once made private`)
    }
    await setVisibility(app, author, madePrivate, 'public')
    assert.equal(await commentStatus(app, member, madePrivate), 201, 'public again')

    const hidden = await readPost(app, author, member)
    const hide = await app.inject({
      method: 'POST',
      url: `/v1/posts/${hidden}/hide`,
      headers: moderator.auth,
      payload: { reason: 'Spam' },
    })
    assert.equal(hide.statusCode, 200)
    assert.equal(await commentStatus(app, member, hidden), 404, 'hidden by a moderator')

    const deleted = await readPost(app, author, member)
    const deletion = await app.inject({ method: 'DELETE', url: `/v1/posts/${deleted}`, headers: author.auth })
    assert.equal(deletion.statusCode, 204)
    assert.equal(await commentStatus(app, member, deleted), 404, 'deleted')

    // An operator's statement through the app's own handle, not through any route.
    const rawHidden = await readPost(app, author, member)
    await sql`update posts set hidden = 1 where id = ${rawHidden}`.execute(db)
    assert.equal(await commentStatus(app, member, rawHidden), 404, 'hidden by a statement')

    // The author's account deleted: their posts go with it, by the foreign key's cascade.
    const byGoneAuthor = await readPost(app, author, member)
    await db.deleteFrom('users').where('id', '=', author.id).execute()
    assert.equal(await commentStatus(app, member, byGoneAuthor), 404, 'its author deleted')
  })

  it('the rule: statements naming posts, and deletions of users', () => {
    assert.ok(writesPostAccess('update "posts" set "visibility" = $1 where "id" = $2'))
    assert.ok(writesPostAccess('delete from "posts" where "id" = $1'))
    assert.ok(writesPostAccess('delete from "users" where "id" = $1'))
    assert.ok(!writesPostAccess('update "users" set "display_name" = $1 where "id" = $2'))
    assert.ok(
      !writesPostAccess(
        'with "changed" as (insert into "comments" ("id", "post_id") values ($1, $2) returning 1 as "one") ' +
          'insert into "events" ("type", "post_id") select $3 as "type", $4 as "post_id" from "changed" limit $5',
      ),
      'a comment with its event',
    )
  })

  it(
    'with several workers, another process’s commit sets the copies aside at once',
    { skip: TEST_ENGINE !== 'sqlite' && 'SQLite’s data_version' },
    async (t) => {
      const { app, databaseUrl } = await buildTestApp(t, { POST_ACCESS_CACHE: '1m', WORKERS: '2' })
      const author = await registerAndLogin(app, 'author')
      const reader = await registerAndLogin(app, 'reader')
      const postId = await readPost(app, author, reader)
      otherProcess(t, databaseUrl).prepare("update posts set visibility = 'private' where id = ?").run(postId)
      assert.equal(await commentStatus(app, reader, postId), 404)
    },
  )

  it(
    'a second instance on the database makes the first read again, and its writes are seen at once',
    { skip: TEST_ENGINE !== 'postgres' && 'instances on one PostgreSQL database' },
    async (t) => {
      const first = await buildTestApp(t, { POST_ACCESS_CACHE: '1m' })
      const author = await registerAndLogin(first.app, 'author')
      const reader = await registerAndLogin(first.app, 'reader')
      const postId = await readPost(first.app, author, reader)
      const second = await buildTestApp(t, { POST_ACCESS_CACHE: '1m' }, { database: first.databaseUrl })
      await setVisibility(second.app, author, postId, 'private')
      assert.equal(await commentStatus(first.app, reader, postId), 404, 'the first instance read it again')
    },
  )
})
