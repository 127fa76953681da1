import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, json, type TestUser } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  type CommentBody,
  type ListBody,
  type PostBody,
} from '../content-helpers.js'
import { auditRows, castOf } from '../moderation-helpers.js'

// Hidden posts and comments vanish from every list, count, read and download for everyone but their
// own author (who sees them with `moderation` set) and moderators; moderators see no private post of
// another; every hide, unhide and moderator's deletion is audited.

type Moderated = {
  id: string
  moderation: { hidden: boolean; reason: string | null; hidden_at: string } | null
}

function headersOf(user: TestUser | undefined): Record<string, string> {
  return user === undefined ? {} : user.auth
}

/** The IDs a list shows to `user` (anonymous when undefined). */
async function listed(app: FastifyInstance, url: string, user?: TestUser): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url, headers: headersOf(user) })
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`)
  return json<ListBody<{ id: string }>>(response).data.map((item) => item.id)
}

/** The status a read answers `user` with. */
async function status(app: FastifyInstance, url: string, user?: TestUser): Promise<number> {
  return (await app.inject({ method: 'GET', url, headers: headersOf(user) })).statusCode
}

function act(app: FastifyInstance, user: TestUser, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) })
}

describe('hiding posts', () => {
  it('a hidden post, its files, downloads and comments vanish for all but its author and moderators', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator, admin } = await castOf(app, db)
    const post = await createPost(app, author, { title: 'Spam' })
    const shownPost = await createPost(app, author, { title: 'Fine' })
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, member, post.id)
    const fileComment = await createComment(app, member, post.id, attachment.id)

    const hidden = dataOf<PostBody & Moderated>(
      await act(app, moderator, `/v1/posts/${post.id}/hide`, { reason: 'Advertising' }),
      200,
    )
    assert.equal(hidden.moderation?.hidden, true)
    assert.equal(hidden.moderation.reason, 'Advertising')
    assert.match(hidden.moderation.hidden_at, /^\d{4}-\d\d-\d\dT/)

    const reads = [
      `/v1/posts/${post.id}`,
      `/v1/posts/${post.id}/attachments`,
      `/v1/posts/${post.id}/attachments/${attachment.id}`,
      `/v1/posts/${post.id}/attachments/${attachment.id}/content`,
      `/v1/posts/${post.id}/comments`,
      `/v1/posts/${post.id}/attachments/${attachment.id}/comments`,
      `/v1/comments/${comment.id}`,
      `/v1/comments/${fileComment.id}`,
    ]
    const feeds = ['/v1/posts', `/v1/posts?user=${author.id}`]
    // Everyone else: anonymous, another member (who even commented on it).
    for (const viewer of [undefined, member]) {
      for (const url of reads) assert.equal(await status(app, url, viewer), 404, `${url} hidden`)
      for (const url of feeds) {
        const ids = await listed(app, url, viewer)
        assert.ok(!ids.includes(post.id), `${url} leaves the hidden post out`)
        assert.ok(ids.includes(shownPost.id), `${url} keeps the others`)
      }
      // Commenting on or reporting what cannot be seen is as for a missing post.
      if (viewer) {
        errorOf(await act(app, viewer, `/v1/posts/${post.id}/comments`, { body: 'hello' }), 404)
        errorOf(await act(app, viewer, `/v1/posts/${post.id}/reports`, { reason: 'spam' }), 404)
      }
    }
    // Its author and the moderators see it, with the field, everywhere.
    for (const viewer of [author, moderator, admin]) {
      for (const url of reads) assert.equal(await status(app, url, viewer), 200, `${url} for a viewer`)
      for (const url of feeds) assert.ok((await listed(app, url, viewer)).includes(post.id), url)
      const read = dataOf<PostBody & Moderated>(
        await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers: viewer.auth }),
        200,
      )
      assert.equal(read.moderation?.reason, 'Advertising')
    }
    assert.ok((await listed(app, '/v1/me/posts', author)).includes(post.id))
    const me = dataOf<{ posts: Moderated[] }>(
      await app.inject({ method: 'GET', url: '/v1/me?include=posts', headers: author.auth }),
      200,
    )
    assert.ok(me.posts.some((item) => item.id === post.id && item.moderation !== null))

    // The author cannot show it again; a moderator can, and everything comes back.
    errorOf(await act(app, author, `/v1/posts/${post.id}/unhide`), 403)
    const shown = dataOf<Moderated>(await act(app, moderator, `/v1/posts/${post.id}/unhide`), 200)
    assert.equal(shown.moderation, null)
    for (const url of reads) assert.equal(await status(app, url), 200, `${url} shown again`)
    assert.ok((await listed(app, '/v1/posts')).includes(post.id))

    const audit = await auditRows(db)
    assert.deepEqual(
      audit.map((row) => [row.actor_id, row.action, row.target_type, row.target_id, row.note]),
      [
        [moderator.id, 'post.hide', 'post', post.id, 'Advertising'],
        [moderator.id, 'post.unhide', 'post', post.id, null],
      ],
    )
  })

  it('the signed-in feed keeps its order and pages across hidden posts of the caller and of others', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator } = await castOf(app, db)
    const made: string[] = []
    for (let index = 0; index < 6; index++) {
      const owner = index % 2 === 0 ? author : member
      made.push((await createPost(app, owner, { visibility: index === 4 ? 'private' : 'public' })).id)
    }
    // Hide one of the author's public posts and one of the member's.
    dataOf(await act(app, moderator, `/v1/posts/${made[0] ?? ''}/hide`), 200)
    dataOf(await act(app, moderator, `/v1/posts/${made[1] ?? ''}/hide`), 200)
    const newestFirst = [...made].reverse()
    const byPages = async (user: TestUser): Promise<string[]> => {
      const ids: string[] = []
      let token: string | undefined
      do {
        const url = `/v1/posts?limit=2${token === undefined ? '' : `&pagetoken=${token}`}`
        const page = json<ListBody<{ id: string }>>(
          await app.inject({ method: 'GET', url, headers: user.auth }),
        )
        ids.push(...page.data.map((item) => item.id))
        token = page.next_page_token
      } while (token !== undefined)
      return ids
    }
    // The author: every post of theirs (the private one, the hidden one) and the member's shown ones.
    assert.deepEqual(
      await byPages(author),
      newestFirst.filter((id) => id !== made[1]),
    )
    // The member: their own hidden post too, not the author's hidden or private ones.
    assert.deepEqual(
      await byPages(member),
      newestFirst.filter((id) => id !== made[0] && id !== made[4]),
    )
    // A moderator: every public post, hidden or not, and not the author's private one.
    assert.deepEqual(
      await byPages(moderator),
      newestFirst.filter((id) => id !== made[4]),
    )
    assert.deepEqual(
      await listed(app, '/v1/posts?from=1&limit=2', member),
      newestFirst.filter((id) => id !== made[0] && id !== made[4]).slice(1, 3),
    )
  })

  it('moderators see no private post of another, and cannot hide one', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, moderator, admin } = await castOf(app, db)
    const secret = await createPost(app, author, { visibility: 'private' })
    for (const viewer of [moderator, admin]) {
      assert.equal(await status(app, `/v1/posts/${secret.id}`, viewer), 404)
      assert.ok(!(await listed(app, '/v1/posts', viewer)).includes(secret.id))
      assert.ok(!(await listed(app, `/v1/posts?user=${author.id}`, viewer)).includes(secret.id))
      errorOf(await act(app, viewer, `/v1/posts/${secret.id}/hide`), 404)
      errorOf(
        await app.inject({ method: 'DELETE', url: `/v1/posts/${secret.id}`, headers: viewer.auth }),
        404,
      )
    }
  })

  it('hide takes no body at all, and refuses a reason that is too long or an unknown field', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, moderator } = await castOf(app, db)
    const post = await createPost(app, author)
    const bare = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/hide`,
      headers: moderator.auth,
    })
    assert.equal(dataOf<Moderated>(bare, 200).moderation?.reason, null)
    errorOf(await act(app, moderator, `/v1/posts/${post.id}/hide`, { reason: 'x'.repeat(1001) }), 422)
    errorOf(await act(app, moderator, `/v1/posts/${post.id}/hide`, { why: 'no' }), 422)
    // PostgreSQL cannot store NUL: refused on both engines alike.
    const nul = await act(app, moderator, `/v1/posts/${post.id}/hide`, { reason: 'a\u0000b' })
    assert.ok(errorOf(nul, 422).fields?.['reason'])
    errorOf(await act(app, moderator, '/v1/posts/not-an-id/hide'), 404)
  })
})

describe('hiding comments', () => {
  it('a hidden comment vanishes for all but its own author and moderators, the post’s author too', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator } = await castOf(app, db)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, member, post.id)
    const fileComment = await createComment(app, member, post.id, attachment.id)
    const kept = await createComment(app, author, post.id)

    for (const target of [comment, fileComment]) {
      const hidden = dataOf<CommentBody & Moderated>(
        await act(app, moderator, `/v1/comments/${target.id}/hide`, { reason: 'Rude' }),
        200,
      )
      assert.equal(hidden.moderation?.reason, 'Rude')
    }
    const lists = [
      `/v1/posts/${post.id}/comments`,
      `/v1/posts/${post.id}/attachments/${attachment.id}/comments`,
    ]
    for (const viewer of [undefined, author]) {
      for (const url of lists) {
        const ids = await listed(app, url, viewer)
        assert.ok(!ids.includes(comment.id) && !ids.includes(fileComment.id), `${url} leaves it out`)
      }
      assert.ok((await listed(app, lists[0] ?? '', viewer)).includes(kept.id))
      assert.equal(await status(app, `/v1/comments/${comment.id}`, viewer), 404)
    }
    // The post's author may not delete what they cannot see.
    errorOf(
      await app.inject({ method: 'DELETE', url: `/v1/comments/${comment.id}`, headers: author.auth }),
      404,
    )
    for (const viewer of [member, moderator]) {
      assert.ok((await listed(app, lists[0] ?? '', viewer)).includes(comment.id))
      assert.ok((await listed(app, lists[1] ?? '', viewer)).includes(fileComment.id))
      const read = dataOf<Moderated>(
        await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}`, headers: viewer.auth }),
        200,
      )
      assert.equal(read.moderation?.hidden, true)
    }
    errorOf(await act(app, member, `/v1/comments/${comment.id}/unhide`), 403)
    dataOf(await act(app, moderator, `/v1/comments/${comment.id}/unhide`), 200)
    assert.ok((await listed(app, lists[0] ?? '')).includes(comment.id))

    const audit = await auditRows(db)
    assert.deepEqual(
      audit.map((row) => [row.actor_id, row.action, row.target_id, row.note]),
      [
        [moderator.id, 'comment.hide', comment.id, 'Rude'],
        [moderator.id, 'comment.hide', fileComment.id, 'Rude'],
        [moderator.id, 'comment.unhide', comment.id, null],
      ],
    )
  })
})

describe('deleting others’ content', () => {
  it('moderators delete any post, attachment or comment, audited; an author’s own deletion is not', async (t) => {
    const { app, db, logs } = await buildTestApp(t)
    const { author, member, moderator, admin } = await castOf(app, db)
    const post = await createPost(app, author)
    const other = await createPost(app, author)
    const attachment = await createAttachment(app, author, other.id)
    const comment = await createComment(app, member, other.id)
    const own = await createPost(app, author)
    const remove = (user: TestUser, url: string) => app.inject({ method: 'DELETE', url, headers: user.auth })

    errorOf(await remove(member, `/v1/posts/${post.id}`), 403)
    errorOf(await remove(member, `/v1/attachments/${attachment.id}`), 403)
    assert.equal((await remove(moderator, `/v1/posts/${post.id}`)).statusCode, 204)
    assert.equal((await remove(admin, `/v1/attachments/${attachment.id}`)).statusCode, 204)
    assert.equal((await remove(moderator, `/v1/comments/${comment.id}`)).statusCode, 204)
    assert.equal((await remove(author, `/v1/posts/${own.id}`)).statusCode, 204)
    assert.equal(await status(app, `/v1/posts/${post.id}`), 404)
    assert.equal(await status(app, `/v1/posts/${other.id}/attachments/${attachment.id}`), 404)

    const audit = await auditRows(db)
    assert.deepEqual(
      audit.map((row) => [row.actor_id, row.action, row.target_type, row.target_id]),
      [
        [moderator.id, 'post.delete', 'post', post.id],
        [admin.id, 'attachment.delete', 'attachment', attachment.id],
        [moderator.id, 'comment.delete', 'comment', comment.id],
      ],
    )
    // Each is also a security event in the log, naming the actor and the audit row.
    const events = logs().filter((line) => line['event'] === 'moderation.action')
    assert.deepEqual(
      events.map((line) => [line['user_id'], line['action'], line['target_id'], line['audit_event_id']]),
      audit.map((row) => [row.actor_id, row.action, row.target_id, row.id]),
    )
  })
})
