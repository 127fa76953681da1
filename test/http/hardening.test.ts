import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, registerAndLogin } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  multipartBody,
  type AttachmentBody,
} from '../content-helpers.js'

// Attacks on content: hidden resources told apart from missing ones, and media types built to backtrack.

describe('404s that do not tell hidden from missing', () => {
  it('a comment or attachment under someone else’s private post answers exactly like a missing one', async (t) => {
    const { app } = await buildTestApp(t)
    const owner = await registerAndLogin(app, 'owner')
    const stranger = await registerAndLogin(app, 'stranger')
    const hidden = await createPost(app, owner, { title: 'Private', visibility: 'private' })
    const attachment = await createAttachment(app, owner, hidden.id)
    const comment = await createComment(app, owner, hidden.id, undefined, 'secret')
    const missing = '01890000-0000-7000-8000-000000000000'

    const pairs: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['GET', `/v1/comments/{id}`, undefined],
      ['PATCH', `/v1/comments/{id}`, { body: 'mine now' }],
      ['DELETE', `/v1/comments/{id}`, undefined],
    ]
    const attachmentPairs: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['PATCH', `/v1/attachments/{id}`, { filename: 'x.txt' }],
      ['DELETE', `/v1/attachments/{id}`, undefined],
    ]
    const compare = async (
      method: string,
      template: string,
      payload: Record<string, unknown> | undefined,
      existing: string,
    ) => {
      const answer = async (id: string) => {
        const response = await app.inject({
          method: method as 'GET',
          url: template.replace('{id}', id),
          headers: stranger.auth,
          ...(payload ? { payload } : {}),
        })
        return { status: response.statusCode, body: response.body }
      }
      assert.deepEqual(await answer(existing), await answer(missing), `${method} ${template}`)
    }
    for (const [method, template, payload] of pairs) await compare(method, template, payload, comment.id)
    for (const [method, template, payload] of attachmentPairs) {
      await compare(method, template, payload, attachment.id)
    }
  })
})

describe('media types on request data cannot backtrack (ReDoS)', () => {
  it('a multipart part whose Content-Type is 80,000 spaces long is answered at once', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const { payload, contentType } = multipartBody({
      filename: 'a.bin',
      contentType: `a/b${' '.repeat(80_000)}x`,
      content: 'bytes',
    })
    const started = performance.now()
    const response = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments`,
      headers: { ...author.auth, 'content-type': contentType },
      payload,
    })
    const elapsedMs = performance.now() - started
    // Before the fix the media-type pattern alone held the event loop for about 5 s.
    assert.ok(elapsedMs < 1000, `answered in ${elapsedMs.toFixed(0)} ms`)
    if (response.statusCode === 201) {
      assert.equal(dataOf<AttachmentBody>(response, 201).content_type, 'application/octet-stream')
    } else {
      assert.equal(errorOf(response, 400).code, 'BAD_REQUEST')
    }
  })
})
