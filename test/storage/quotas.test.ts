import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../src/app.js'
import type { Config } from '../../src/config.js'
import { createDb } from '../../src/db/database.js'
import { buildTestApp, registerAndLogin, type TestUser } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  storage,
  upload,
  uploadMultipart,
  type AttachmentBody,
} from '../content-helpers.js'

// Per-user quotas: the bytes a user's attachments may take
// (USER_STORAGE_MAX_BYTES, 413 beyond) and the posts and comments a user may write per window
// (USER_POST_LIMIT, USER_COMMENT_LIMIT, 429 beyond), all counted in the database.

/** Another instance of the server on the same database, as behind a load balancer. */
async function secondInstance(t: TestContext, config: Readonly<Config>): Promise<FastifyInstance> {
  const db = createDb(config.database)
  const logStream = new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })
  const app = await buildApp({ config, db, version: 'second', logStream })
  await app.ready()
  t.after(async () => {
    await app.close()
    await db.destroy()
  })
  return app
}

function createPostRequest(app: FastifyInstance, user: TestUser): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/v1/posts', headers: user.auth, payload: { title: 'Quota' } })
}

describe('storage quota (USER_STORAGE_MAX_BYTES): happy paths', () => {
  it('uploads count against the quota; deleting an attachment or a post gives the space back', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '1000' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const first = dataOf<AttachmentBody>(await upload(app, author, post.id, 400), 201)
    dataOf<AttachmentBody>(await upload(app, author, post.id, 400), 201)
    assert.deepEqual(await storage(db, author.id), { counted: 800, stored: 800 })

    const refused = errorOf(await upload(app, author, post.id, 300), 413)
    assert.equal(refused.code, 'PAYLOAD_TOO_LARGE')
    assert.match(refused.message, /storage quota of 1000 bytes/)
    assert.match(refused.message, /800 are in use, 200 left/)
    assert.equal(refused.fields?.['file'], 'File must fit in the 200 bytes left of your storage quota.')
    assert.deepEqual(await storage(db, author.id), { counted: 800, stored: 800 }, 'nothing stored')

    const deleted = await app.inject({
      method: 'DELETE',
      url: first.links['edit'] ?? '',
      headers: author.auth,
    })
    assert.equal(deleted.statusCode, 204)
    assert.deepEqual(await storage(db, author.id), { counted: 400, stored: 400 })
    dataOf<AttachmentBody>(await upload(app, author, post.id, 300), 201)
    assert.deepEqual(await storage(db, author.id), { counted: 700, stored: 700 })

    const postDeleted = await app.inject({
      method: 'DELETE',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
    })
    assert.equal(postDeleted.statusCode, 204)
    assert.deepEqual(await storage(db, author.id), { counted: 0, stored: 0 })
    const next = await createPost(app, author)
    dataOf<AttachmentBody>(await upload(app, author, next.id, 1000), 201)
  })

  it('a file of exactly the space left fits, one byte more does not, raw or multipart', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '1000' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    dataOf<AttachmentBody>(await upload(app, author, post.id, 600), 201)
    errorOf(await upload(app, author, post.id, 401), 413)
    const multipart = await uploadMultipart(app, author, post.id, {
      filename: 'm.bin',
      content: randomBytes(401),
    })
    assert.equal(errorOf(multipart, 413).code, 'PAYLOAD_TOO_LARGE')
    assert.match(errorOf(multipart, 413).message, /storage quota/)
    dataOf<AttachmentBody>(
      await uploadMultipart(app, author, post.id, { filename: 'm.bin', content: randomBytes(400) }),
      201,
    )
    assert.deepEqual(await storage(db, author.id), { counted: 1000, stored: 1000 })
    // An empty file is refused for being empty, not for the quota.
    assert.ok(errorOf(await upload(app, author, post.id, 0), 422).fields?.['file'])
  })

  it('each user has their own quota, and a deleted account takes its count with it', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '500' })
    const alice = await registerAndLogin(app)
    const bob = await registerAndLogin(app)
    dataOf<AttachmentBody>(await upload(app, alice, (await createPost(app, alice)).id, 500), 201)
    dataOf<AttachmentBody>(await upload(app, bob, (await createPost(app, bob)).id, 500), 201)
    assert.deepEqual(await storage(db, alice.id), { counted: 500, stored: 500 })
    const gone = await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: bob.auth,
      payload: { password: bob.password },
    })
    assert.equal(gone.statusCode, 204)
    assert.deepEqual(await storage(db, alice.id), { counted: 500, stored: 500 })
    const chunks = await db.selectFrom('attachment_chunks').select('attachment_id').execute()
    assert.equal(chunks.length, 1, 'the deleted account’s file went with it')
  })
})

describe('storage quota (USER_STORAGE_MAX_BYTES): errors', () => {
  it('an upload whose declared length cannot fit is refused before its body is read, closing the connection', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '1000' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    dataOf<AttachmentBody>(await upload(app, author, post.id, 900), 201)
    const refused = await upload(app, author, post.id, 5000)
    assert.equal(errorOf(refused, 413).code, 'PAYLOAD_TOO_LARGE')
    assert.match(errorOf(refused, 413).message, /900 are in use, 100 left/)
    assert.equal(refused.headers['connection'], 'close')
    assert.deepEqual(await storage(db, author.id), { counted: 900, stored: 900 })
  })

  it('a file over ATTACHMENT_MAX_BYTES still answers the file-size 413 while the quota has room', async (t) => {
    const { app } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '100000', ATTACHMENT_MAX_BYTES: '1000' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const refused = errorOf(await upload(app, author, post.id, 1001), 413)
    assert.match(refused.message, /larger than the limit of 1000 bytes/)
  })
})

describe('storage quota (USER_STORAGE_MAX_BYTES): concurrency', () => {
  it('parallel uploads cannot together go past the quota', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '1000' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(app, author, post.id, 300)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    assert.deepEqual(statuses, [201, 201, 201, 413, 413, 413, 413, 413, 413, 413])
    assert.deepEqual(await storage(db, author.id), { counted: 900, stored: 900 })
  })

  it('uploads racing the deletion of their post or of other files leave the count equal to what is stored', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '100000' })
    const author = await registerAndLogin(app)
    for (let round = 0; round < 5; round++) {
      const post = await createPost(app, author)
      const kept = await createPost(app, author)
      const old = await createAttachment(app, author, kept.id, randomBytes(123))
      const answers = await Promise.all([
        upload(app, author, post.id, 1000),
        upload(app, author, kept.id, 700),
        upload(app, author, post.id, 500),
        app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth }),
        app.inject({ method: 'DELETE', url: old.links['edit'] ?? '', headers: author.auth }),
        upload(app, author, post.id, 300),
      ])
      for (const answer of answers) assert.ok([201, 204, 404].includes(answer.statusCode), answer.body)
      const { counted, stored } = await storage(db, author.id)
      assert.equal(counted, stored, `round ${round}`)
    }
  })
})

describe('storage quota (USER_STORAGE_MAX_BYTES): security', () => {
  it('a refusal is logged as a quota.exceeded security event', async (t) => {
    const { app, logs } = await buildTestApp(t, { USER_STORAGE_MAX_BYTES: '10' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    errorOf(await upload(app, author, post.id, 11), 413)
    const event = logs().find((line) => line['event'] === 'quota.exceeded')
    assert.ok(event)
    assert.equal(event['user_id'], author.id)
    assert.equal(event['quota'], 'storage')
    assert.equal(event['level'], 40)
  })
})

describe('posts and comments per user (USER_POST_LIMIT, USER_COMMENT_LIMIT)', () => {
  it('the post beyond the limit answers 429 with Retry-After; every answer carries the RateLimit headers', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_POST_LIMIT: '3/1m' })
    const author = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    for (let i = 0; i < 3; i++) {
      const created = await createPostRequest(app, author)
      assert.equal(created.statusCode, 201)
      assert.equal(created.headers['ratelimit-limit'], '3')
      assert.equal(created.headers['ratelimit-remaining'], String(2 - i))
      assert.ok(Number(created.headers['ratelimit-reset']) > 0)
    }
    const limited = await createPostRequest(app, author)
    const error = errorOf(limited, 429)
    assert.equal(error.code, 'RATE_LIMITED')
    assert.match(error.message, /^Too many posts created; retry in /)
    assert.ok(Number(limited.headers['retry-after']) > 0 && Number(limited.headers['retry-after']) <= 60)
    assert.equal(limited.headers['ratelimit-remaining'], '0')
    const posts = await db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute()
    assert.equal(posts.length, 3, 'the refused post was not stored')
    // Another user has a budget of their own.
    assert.equal((await createPostRequest(app, other)).statusCode, 201)
  })

  it('comments on posts and on attachments share one budget', async (t) => {
    const { app } = await buildTestApp(t, { USER_COMMENT_LIMIT: '3/1m' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    await createComment(app, author, post.id)
    await createComment(app, author, post.id, attachment.id)
    await createComment(app, author, post.id)
    for (const url of [
      `/v1/posts/${post.id}/comments`,
      `/v1/posts/${post.id}/attachments/${attachment.id}/comments`,
    ]) {
      const limited = await app.inject({
        method: 'POST',
        url,
        headers: author.auth,
        payload: { body: 'More' },
      })
      assert.match(errorOf(limited, 429).message, /^Too many comments written; retry in /)
      assert.ok(limited.headers['retry-after'])
    }
  })

  it('the budget comes back when the window ends', async (t) => {
    const { app } = await buildTestApp(t, { USER_POST_LIMIT: '2/1s' })
    const author = await registerAndLogin(app)
    assert.equal((await createPostRequest(app, author)).statusCode, 201)
    assert.equal((await createPostRequest(app, author)).statusCode, 201)
    assert.equal((await createPostRequest(app, author)).statusCode, 429)
    await delay(1100)
    assert.equal((await createPostRequest(app, author)).statusCode, 201)
  })

  it('a request without a token answers 401 and spends nothing; a malformed one spends nothing either', async (t) => {
    const { app } = await buildTestApp(t, { USER_POST_LIMIT: '1/1m' })
    const author = await registerAndLogin(app)
    const anonymous = await app.inject({ method: 'POST', url: '/v1/posts', payload: { title: 'x' } })
    assert.equal(anonymous.statusCode, 401)
    const malformed = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: {},
    })
    assert.equal(malformed.statusCode, 400)
    assert.equal((await createPostRequest(app, author)).statusCode, 201)
  })

  it('parallel posts cannot slip past the limit', async (t) => {
    const { app } = await buildTestApp(t, { USER_POST_LIMIT: '3/1m' })
    const author = await registerAndLogin(app)
    const answers = await Promise.all(Array.from({ length: 12 }, () => createPostRequest(app, author)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    assert.deepEqual(statuses, [201, 201, 201, ...Array.from({ length: 9 }, () => 429)])
  })

  it('two instances on one database count one budget', async (t) => {
    const { app, config } = await buildTestApp(t, { USER_POST_LIMIT: '4/1m' })
    const other = await secondInstance(t, config)
    const author = await registerAndLogin(app)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await createPostRequest(i % 2 === 0 ? app : other, author)).statusCode)
    assert.deepEqual(statuses, [201, 201, 201, 201, 429, 429])
  })

  it('a refusal is logged as a quota.exceeded security event naming the quota', async (t) => {
    const { app, logs } = await buildTestApp(t, { USER_POST_LIMIT: '1/1m', USER_COMMENT_LIMIT: '1/1m' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    assert.equal((await createPostRequest(app, author)).statusCode, 429)
    await createComment(app, author, post.id)
    const comment = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/comments`,
      headers: author.auth,
      payload: { body: 'Again' },
    })
    assert.equal(comment.statusCode, 429)
    const events = logs().filter((line) => line['event'] === 'quota.exceeded')
    assert.deepEqual(
      events.map((line) => [line['quota'], line['user_id'], line['level']]),
      [
        ['posts', author.id, 40],
        ['comments', author.id, 40],
      ],
    )
  })
})
