import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createComment, createPost, type CommentBody, type PostBody } from '../content-helpers.js'
import { castOf } from '../moderation-helpers.js'
import { listening, subscribe } from './stream-helpers.js'

// Hidden content leaves the live streams as it leaves every list: those who lose sight of it receive
// its deletion, its author receives it as updated (with `moderation`), and showing it again reads as
// its creation.

describe('events: moderation', () => {
  it('a hidden post arrives as post.deleted for others and post.updated for its author; unhidden as post.created', async (t) => {
    const { app, port, db } = await listening(t)
    const { author, moderator } = await castOf(app, db)
    const post = await createPost(app, author, { title: 'Soon hidden' })
    const anonymous = await subscribe(t, port, 'posts')
    const own = await subscribe(t, port, 'posts', author)

    const hidden = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/hide`,
      headers: moderator.auth,
      payload: { reason: 'Spam.' },
    })
    assert.equal(hidden.statusCode, 200)
    const lost = await anonymous.nextEvent()
    assert.equal(lost.event, 'post.deleted')
    assert.deepEqual(lost.data, { id: post.id })
    const kept = await own.nextEvent<PostBody & { moderation: { hidden: boolean } | null }>()
    assert.equal(kept.event, 'post.updated')
    assert.equal(kept.data.moderation?.hidden, true)

    // The author's edits of the hidden post reach the author only.
    await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'Still hidden' },
    })
    assert.equal((await own.nextEvent()).event, 'post.updated')

    await app.inject({ method: 'POST', url: `/v1/posts/${post.id}/unhide`, headers: moderator.auth })
    const back = await anonymous.nextEvent<PostBody>()
    assert.equal(back.event, 'post.created', 'the anonymous stream saw nothing of the hidden edit')
    assert.equal(back.data.title, 'Still hidden')
  })

  it('a hidden comment arrives as comment.deleted on posts/{id}; a moderator’s delete of a post too', async (t) => {
    const { app, port, db } = await listening(t)
    const { author, member, moderator } = await castOf(app, db)
    const post = await createPost(app, author)
    const comment = await createComment(app, member, post.id, undefined, 'Buy now')
    const reader = await subscribe(t, port, `posts/${post.id}`)

    const hidden = await app.inject({
      method: 'POST',
      url: `/v1/comments/${comment.id}/hide`,
      headers: moderator.auth,
    })
    assert.equal(hidden.statusCode, 200)
    const gone = await reader.nextEvent<Pick<CommentBody, 'id'>>()
    assert.equal(gone.event, 'comment.deleted')
    assert.equal(gone.data.id, comment.id)

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/v1/posts/${post.id}`,
      headers: moderator.auth,
    })
    assert.equal(deleted.statusCode, 204)
    const end = await reader.nextEvent()
    assert.equal(
      end.event,
      'post.deleted',
      'the hidden comment’s author-only update never reached this stream',
    )
  })
})

describe('events: disabled accounts', () => {
  it('an account an admin disables loses its open streams within 5 s', async (t) => {
    const { app, port, db } = await listening(t)
    const { member, admin } = await castOf(app, db)
    const stream = await subscribe(t, port, 'me', member)
    const bystander = await subscribe(t, port, 'posts', admin)
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/v1/users/${member.id}`,
      headers: admin.auth,
      payload: { disabled: true },
    })
    assert.equal(disabled.statusCode, 200)
    await stream.closed(5000)
    assert.equal(bystander.ended, false, 'the admin’s own stream stays open')
  })
})
