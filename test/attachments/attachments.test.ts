import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/db/database.js'
import { buildTestApp, json, registerAndLogin, sha256 } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  multipartBody,
  uploadMultipart,
  uploadRaw,
  type AttachmentBody,
  type ListBody,
  type PostBody,
} from '../content-helpers.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

function download(app: FastifyInstance, attachment: AttachmentBody, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: attachment.links['content'] ?? '', headers })
}

async function attachmentCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

describe('attachments: happy paths', () => {
  it('a raw upload answers 201 with its metadata, an ETag and a Location', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await uploadRaw(app, author, post.id, 'hello, world', {
      filename: 'greeting.txt',
      contentType: 'text/plain; charset=utf-8',
    })
    const attachment = dataOf<AttachmentBody>(response, 201)
    assert.equal(attachment.post_id, post.id)
    assert.equal(attachment.filename, 'greeting.txt')
    assert.equal(attachment.content_type, 'text/plain; charset=utf-8')
    assert.equal(attachment.size, 12)
    assert.equal(attachment.sha256, sha256('hello, world'))
    assert.equal(response.headers['etag'], '"v1"')
    const self = `/v1/posts/${post.id}/attachments/${attachment.id}`
    assert.equal(response.headers['location'], self)
    assert.deepEqual(attachment.links, {
      self,
      content: `${self}/content`,
      comments: `${self}/comments`,
      select: `${self}/select`,
      edit: `/v1/attachments/${attachment.id}`,
      post: `/v1/posts/${post.id}`,
    })
  })

  it('a raw JSON or text file is stored byte for byte, never parsed', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    for (const [contentType, content] of [
      ['application/json', '{"not": "parsed",   "spacing": "kept"}'],
      ['application/json', '{broken json'],
      ['text/plain', 'plain text\r\nwith CRLF'],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
    ] as const) {
      const attachment = dataOf<AttachmentBody>(
        await uploadRaw(app, author, post.id, content, { filename: 'f', contentType }),
        201,
      )
      const response = await download(app, attachment)
      assert.equal(response.statusCode, 200)
      assert.equal(response.body, content)
      assert.equal(response.headers['content-type'], contentType)
    }
  })

  it('a multipart upload stores the part named file with its filename and type', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const { payload, contentType } = multipartBody(
      { filename: 'photo.png', contentType: 'image/png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      { caption: 'ignored' },
    )
    const response = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments`,
      headers: { ...author.auth, 'content-type': contentType },
      payload,
    })
    const attachment = dataOf<AttachmentBody>(response, 201)
    assert.equal(attachment.filename, 'photo.png')
    assert.equal(attachment.content_type, 'image/png')
    assert.equal(attachment.size, 4)
  })

  it('random binary bytes, NULs included, round-trip exactly through both upload forms', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0xff, 0, 0x0d, 0x0a]),
      randomBytes(256 * 1024),
      Buffer.alloc(7),
    ])
    const uploads = [
      await uploadRaw(app, author, post.id, bytes, { filename: 'blob.bin' }),
      await uploadMultipart(app, author, post.id, { filename: 'blob.bin', content: bytes }),
    ]
    for (const upload of uploads) {
      const attachment = dataOf<AttachmentBody>(upload, 201)
      assert.equal(attachment.size, bytes.length)
      assert.equal(attachment.sha256, sha256(bytes))
      const response = await download(app, attachment)
      assert.equal(response.statusCode, 200)
      assert.ok(response.rawPayload.equals(bytes), 'downloaded bytes equal the uploaded ones')
      assert.equal(response.headers['content-length'], String(bytes.length))
      assert.equal(response.headers['content-type'], 'application/octet-stream')
    }
  })

  it('a file of exactly ATTACHMENT_MAX_BYTES is accepted in both forms', async (t) => {
    const { app } = await buildTestApp(t, { ATTACHMENT_MAX_BYTES: '1024' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = randomBytes(1024)
    dataOf(await uploadRaw(app, author, post.id, bytes, { filename: 'max.bin' }), 201)
    dataOf(await uploadMultipart(app, author, post.id, { filename: 'max.bin', content: bytes }), 201)
  })

  it('downloads carry the stored type, length, a strong ETag of the SHA-256, nosniff and a sandbox CSP', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, 'some text', 'notes.txt')
    const response = await download(app, attachment)
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/plain')
    assert.equal(response.headers['content-length'], '9')
    assert.equal(response.headers['etag'], `"${attachment.sha256}"`)
    assert.equal(response.headers['x-content-type-options'], 'nosniff')
    assert.equal(response.headers['content-security-policy'], 'sandbox')
    assert.equal(response.headers['accept-ranges'], 'bytes')
    assert.equal(
      response.headers['content-disposition'],
      `inline; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    )
  })

  it('If-None-Match with the content’s ETag answers 304 without the bytes', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const response = await download(app, attachment, { 'if-none-match': `"${attachment.sha256}"` })
    assert.equal(response.statusCode, 304)
    assert.equal(response.body, '')
    assert.equal((await download(app, attachment, { 'if-none-match': '"other"' })).statusCode, 200)
  })

  it('the metadata has its own version ETag and answers 304 to it', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const response = await app.inject({ method: 'GET', url: attachment.links['self'] ?? '' })
    assert.deepEqual(dataOf<AttachmentBody>(response, 200), attachment)
    assert.equal(response.headers['etag'], '"v1"')
    const cached = await app.inject({
      method: 'GET',
      url: attachment.links['self'] ?? '',
      headers: { 'if-none-match': '"v1"' },
    })
    assert.equal(cached.statusCode, 304)
  })

  it('a Range answers 206 with exactly those bytes and a Content-Range', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = randomBytes(1000)
    const attachment = dataOf<AttachmentBody>(
      await uploadRaw(app, author, post.id, bytes, { filename: 'r.bin' }),
      201,
    )
    const cases: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=500-5000', 500, 999],
      ['bytes=0-0', 0, 0],
      ['bytes=-2000', 0, 999],
    ]
    for (const [range, start, end] of cases) {
      const response = await download(app, attachment, { range })
      assert.equal(response.statusCode, 206, range)
      assert.equal(response.headers['content-range'], `bytes ${start}-${end}/1000`, range)
      assert.equal(response.headers['content-length'], String(end - start + 1), range)
      assert.ok(response.rawPayload.equals(bytes.subarray(start, end + 1)), range)
    }
  })

  it('a Range is ignored for a stale If-Range, several ranges or another unit, sending the whole file', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, '0123456789')
    const ignoredRanges: Array<Record<string, string>> = [
      { range: 'bytes=0-1', 'if-range': '"stale"' },
      { range: 'bytes=0-1,4-5' },
      { range: 'items=0-1' },
      { range: 'bytes=5-2' },
    ]
    for (const headers of ignoredRanges) {
      const response = await download(app, attachment, headers)
      assert.equal(response.statusCode, 200, JSON.stringify(headers))
      assert.equal(response.body, '0123456789')
    }
    const matching = await download(app, attachment, {
      range: 'bytes=0-1',
      'if-range': `"${attachment.sha256}"`,
    })
    assert.equal(matching.statusCode, 206)
    assert.equal(matching.body, '01')
  })

  it('HEAD on the content answers the download’s headers and length without a body', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, '0123456789')
    const whole = await app.inject({ method: 'HEAD', url: attachment.links['content'] ?? '' })
    assert.equal(whole.statusCode, 200)
    assert.equal(whole.headers['content-length'], '10')
    assert.equal(whole.headers['content-type'], 'text/plain')
    assert.equal(whole.headers['etag'], `"${attachment.sha256}"`)
    assert.equal(whole.body, '')
    const part = await app.inject({
      method: 'HEAD',
      url: attachment.links['content'] ?? '',
      headers: { range: 'bytes=2-4' },
    })
    assert.equal(part.statusCode, 206)
    assert.equal(part.headers['content-length'], '3')
    assert.equal(part.headers['content-range'], 'bytes 2-4/10')
  })

  it('lists a post’s attachments newest first and reads one’s metadata', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const first = await createAttachment(app, author, post.id, 'a', 'a.txt')
    const second = await createAttachment(app, author, post.id, 'b', 'b.txt')
    const list = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}/attachments` })
    assert.equal(list.statusCode, 200)
    assert.deepEqual(json<ListBody<AttachmentBody>>(list).data, [second, first])
  })

  it('select makes an image attachment the post’s cover and answers 200 with the post', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, 'PNG', 'cover.png', 'image/png')
    const response = await app.inject({
      method: 'POST',
      url: attachment.links['select'] ?? '',
      headers: { ...author.auth, 'if-match': '"v1"' },
    })
    const updated = dataOf<PostBody>(response, 200)
    assert.equal(updated.cover_attachment_id, attachment.id)
    assert.equal(updated.links['cover'], attachment.links['self'])
    assert.equal(response.headers['etag'], '"v2"')
    const read = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.equal(dataOf<PostBody>(read, 200).cover_attachment_id, attachment.id)
  })

  it('PATCH renames an attachment (cleaning the name) and bumps its ETag; the bytes stay', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, 'content')
    const response = await app.inject({
      method: 'PATCH',
      url: `/v1/attachments/${attachment.id}`,
      headers: { ...author.auth, 'if-match': '"v1"' },
      payload: { filename: 'folder/Cafe\u0301 report.txt' },
    })
    const renamed = dataOf<AttachmentBody>(response, 200)
    assert.equal(renamed.filename, 'Caf\u00e9 report.txt')
    assert.equal(renamed.sha256, attachment.sha256)
    assert.equal(response.headers['etag'], '"v2"')
    const bytes = await download(app, renamed)
    assert.equal(bytes.body, 'content')
    assert.match(String(bytes.headers['content-disposition']), /filename\*=UTF-8''Caf%C3%A9%20report\.txt$/)

    const unchanged = await app.inject({
      method: 'PATCH',
      url: `/v1/attachments/${attachment.id}`,
      headers: author.auth,
      payload: {},
    })
    assert.equal(dataOf<AttachmentBody>(unchanged, 200).filename, 'Caf\u00e9 report.txt')
  })

  it('DELETE removes the attachment and its comments and clears the post’s cover', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, 'GIF', 'cover.gif', 'image/gif')
    const other = await createAttachment(app, author, post.id)
    await createComment(app, reader, post.id, attachment.id)
    const keptComment = await createComment(app, reader, post.id, other.id)
    await app.inject({ method: 'POST', url: attachment.links['select'] ?? '', headers: author.auth })

    const response = await app.inject({
      method: 'DELETE',
      url: `/v1/attachments/${attachment.id}`,
      headers: author.auth,
    })
    assert.equal(response.statusCode, 204)
    assert.equal(response.body, '')
    errorOf(await app.inject({ method: 'GET', url: attachment.links['self'] ?? '' }), 404)
    const postNow = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.equal(dataOf<PostBody>(postNow, 200).cover_attachment_id, null)
    assert.equal(postNow.headers['etag'], '"v3"')
    const comments = await db.selectFrom('comments').select('id').execute()
    assert.deepEqual(
      comments.map((row) => row.id),
      [keptComment.id],
    )
  })
})

describe('attachments: errors', () => {
  it('an empty file answers 422 with a sentence in fields.file and stores nothing, raw or multipart', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    for (const response of [
      await uploadRaw(app, author, post.id, '', { filename: 'empty.txt', contentType: 'text/plain' }),
      await uploadMultipart(app, author, post.id, { filename: 'empty.png', content: '' }),
    ]) {
      const error = errorOf(response, 422)
      assert.match(error.fields?.['file'] ?? '', /^File is empty[^]*\.$/)
    }
    assert.equal(await attachmentCount(db), 0)
  })

  it('only an image can be a cover: select on another type answers 422 naming the allowed types', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    for (const contentType of ['text/plain', 'image/svg+xml', 'application/pdf']) {
      const attachment = await createAttachment(app, author, post.id, 'x', 'file', contentType)
      const error = errorOf(
        await app.inject({ method: 'POST', url: attachment.links['select'] ?? '', headers: author.auth }),
        422,
      )
      for (const allowed of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']) {
        assert.ok(error.message.includes(allowed), `${error.message} names ${allowed}`)
      }
    }
    const read = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers: author.auth })
    const unchanged = dataOf<PostBody>(read, 200)
    assert.equal(unchanged.cover_attachment_id, null)
    assert.equal(read.headers['etag'], '"v1"')
  })

  it('a raw upload without ?filename= answers 400 and stores nothing', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await uploadRaw(app, author, post.id, 'bytes')
    assert.equal(errorOf(response, 400).fields?.['filename'], 'Filename is required.')
    assert.equal(await attachmentCount(db), 0)
  })

  it('a file over ATTACHMENT_MAX_BYTES answers 413 and leaves no row, raw or multipart', async (t) => {
    const { app, db } = await buildTestApp(t, { ATTACHMENT_MAX_BYTES: '1024' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = randomBytes(1025)
    const raw = await uploadRaw(app, author, post.id, bytes, { filename: 'big.bin' })
    assert.equal(errorOf(raw, 413).code, 'PAYLOAD_TOO_LARGE')
    const multipart = await uploadMultipart(app, author, post.id, { filename: 'big.bin', content: bytes })
    assert.equal(errorOf(multipart, 413).code, 'PAYLOAD_TOO_LARGE')
    const huge = await uploadMultipart(app, author, post.id, {
      filename: 'big.bin',
      content: randomBytes(100_000),
    })
    errorOf(huge, 413)
    assert.equal(await attachmentCount(db), 0)
  })

  it('a streamed raw body without Content-Length is cut off at the limit with 413 and no row', async (t) => {
    const { app, db } = await buildTestApp(t, { ATTACHMENT_MAX_BYTES: '1024' })
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const chunks = Array.from({ length: 10 }, () => randomBytes(200))
    const response = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments?filename=stream.bin`,
      headers: { ...author.auth, 'content-type': 'application/octet-stream' },
      payload: Readable.from(chunks),
    })
    errorOf(response, 413)
    assert.equal(await attachmentCount(db), 0)
  })

  const badNames: Array<[string, string]> = [
    ['only a path', 'folder/'],
    ['only control characters', '\u0001\u0002'],
    ['a parent-directory reference', '..'],
    ['256 characters', 'n'.repeat(256)],
  ]
  for (const [what, filename] of badNames) {
    it(`a filename that is ${what} answers 422 naming filename`, async (t) => {
      const { app, db } = await buildTestApp(t)
      const author = await registerAndLogin(app)
      const post = await createPost(app, author)
      const response = await uploadRaw(app, author, post.id, 'x', { filename })
      assert.ok(errorOf(response, 422).fields?.['filename'])
      assert.equal(await attachmentCount(db), 0)
    })
  }

  it('a filename loses its path, control and bidi-override characters and is NFC-normalised', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const cases: Array<[string, string]> = [
      ['../../etc/passwd', 'passwd'],
      ['C:\\Users\\me\\report.pdf', 'report.pdf'],
      ['evil\u202efdp.exe', 'evilfdp.exe'],
      ['tab\there\u0000.txt', 'tabhere.txt'],
      ['e\u0301t\u00e9.txt', '\u00e9t\u00e9.txt'],
      ['名前.txt', '名前.txt'],
      ['😀'.repeat(255), '😀'.repeat(255)],
    ]
    for (const [given, stored] of cases) {
      const attachment = dataOf<AttachmentBody>(
        await uploadRaw(app, author, post.id, 'x', { filename: given }),
        201,
      )
      assert.equal(attachment.filename, stored)
    }
  })

  it('a multipart body without a part named file answers 400', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const wrongField = await uploadMultipart(app, author, post.id, {
      field: 'upload',
      filename: 'a.txt',
      content: 'x',
    })
    assert.equal(errorOf(wrongField, 400).fields?.['file'], 'File is required.')
    const boundary = 'b0undary'
    const onlyFields = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments`,
      headers: { ...author.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    })
    errorOf(onlyFields, 400)
    assert.equal(await attachmentCount(db), 0)
  })

  it('a malformed or truncated multipart body answers 400', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const noBoundary = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments`,
      headers: { ...author.auth, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    })
    errorOf(noBoundary, 400)
    const { payload, contentType } = multipartBody({ filename: 'a.bin', content: randomBytes(2000) })
    const truncated = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments`,
      headers: { ...author.auth, 'content-type': contentType },
      payload: payload.subarray(0, 1000),
    })
    errorOf(truncated, 400)
    assert.equal(await attachmentCount(db), 0)
  })

  it('a multipart file part without a filename uses ?filename=, and answers 400 without one', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const { payload, contentType } = multipartBody({ content: 'x', contentType: 'application/octet-stream' })
    const without = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments`,
      headers: { ...author.auth, 'content-type': contentType },
      payload,
    })
    errorOf(without, 400)
    const withName = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments?filename=named.bin`,
      headers: { ...author.auth, 'content-type': contentType },
      payload,
    })
    assert.equal(dataOf<AttachmentBody>(withName, 201).filename, 'named.bin')
  })

  it('a raw body whose Content-Type is not a media type answers 415', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await uploadRaw(app, author, post.id, 'x', { filename: 'a', contentType: 'not a type' })
    errorOf(response, 415)
    assert.equal(await attachmentCount(db), 0)
  })

  it('a compressed (Content-Encoding) upload answers 415 and stores nothing', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const response = await app.inject({
      method: 'POST',
      url: `/v1/posts/${post.id}/attachments?filename=a.txt`,
      headers: { ...author.auth, 'content-type': 'text/plain', 'content-encoding': 'gzip' },
      payload: gzipSync('hello'),
    })
    errorOf(response, 415)
    assert.equal(await attachmentCount(db), 0)
  })

  it('a Range starting beyond the end answers an enveloped 416 with Content-Range', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, '0123456789')
    for (const range of ['bytes=10-', 'bytes=100-200', 'bytes=-0']) {
      const response = await download(app, attachment, { range })
      assert.equal(errorOf(response, 416).code, 'RANGE_NOT_SATISFIABLE', range)
      assert.equal(response.headers['content-range'], 'bytes */10')
      assert.match(String(response.headers['content-type']), /^application\/json/)
    }
  })

  it('an attachment addressed under another post, or an unknown or malformed ID, answers 404', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const otherPost = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    for (const url of [
      `/v1/posts/${otherPost.id}/attachments/${attachment.id}`,
      `/v1/posts/${otherPost.id}/attachments/${attachment.id}/content`,
      `/v1/posts/${post.id}/attachments/${UNKNOWN_ID}`,
      `/v1/posts/${post.id}/attachments/nope/content`,
      `/v1/posts/${UNKNOWN_ID}/attachments`,
    ]) {
      errorOf(await app.inject({ method: 'GET', url }), 404)
    }
    errorOf(
      await app.inject({
        method: 'POST',
        url: `/v1/posts/${otherPost.id}/attachments/${attachment.id}/select`,
        headers: author.auth,
      }),
      404,
    )
    errorOf(await uploadRaw(app, author, UNKNOWN_ID, 'x', { filename: 'a' }), 404)
    errorOf(
      await app.inject({
        method: 'PATCH',
        url: `/v1/attachments/${UNKNOWN_ID}`,
        headers: author.auth,
        payload: { filename: 'x' },
      }),
      404,
    )
    errorOf(await app.inject({ method: 'DELETE', url: `/v1/attachments/bad-id`, headers: author.auth }), 404)
  })

  it('PATCH accepts only filename: other fields 422, a wrong type 400, an empty result 422', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const patch = (payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: `/v1/attachments/${attachment.id}`,
        headers: author.auth,
        payload: payload as Record<string, unknown>,
      })
    assert.ok(
      errorOf(await patch({ filename: 'ok.txt', size: 1, content_type: 'x/y' }), 422).fields?.['size'],
    )
    errorOf(await patch({ filename: 7 }), 400)
    assert.ok(errorOf(await patch({ filename: '///' }), 422).fields?.['filename'])
  })

  it('stale If-Match on rename, delete and select answers 412 and changes nothing', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, 'x', 'first.txt', 'image/webp')
    await app.inject({
      method: 'PATCH',
      url: `/v1/attachments/${attachment.id}`,
      headers: author.auth,
      payload: { filename: 'second.txt' },
    })
    const stale = { ...author.auth, 'if-match': '"v1"' }
    errorOf(
      await app.inject({
        method: 'PATCH',
        url: `/v1/attachments/${attachment.id}`,
        headers: stale,
        payload: { filename: 'third.txt' },
      }),
      412,
    )
    errorOf(
      await app.inject({ method: 'DELETE', url: `/v1/attachments/${attachment.id}`, headers: stale }),
      412,
    )
    await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${post.id}`,
      headers: author.auth,
      payload: { title: 'v2' },
    })
    errorOf(await app.inject({ method: 'POST', url: attachment.links['select'] ?? '', headers: stale }), 412)
    const current = await app.inject({ method: 'GET', url: attachment.links['self'] ?? '' })
    assert.equal(dataOf<AttachmentBody>(current, 200).filename, 'second.txt')
    const postNow = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.equal(dataOf<PostBody>(postNow, 200).cover_attachment_id, null)
  })
})

describe('attachments: security', () => {
  it('another user cannot upload to a public post (403) and nothing is stored; anonymous gets 401', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const post = await createPost(app, author)
    errorOf(await uploadRaw(app, other, post.id, 'x', { filename: 'a' }), 403)
    errorOf(await uploadMultipart(app, other, post.id, { filename: 'a', content: 'x' }), 403)
    errorOf(await uploadRaw(app, undefined, post.id, 'x', { filename: 'a' }), 401)
    assert.equal(await attachmentCount(db), 0)
  })

  it('attachments of another user’s private post answer 404 for every read', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const post = await createPost(app, author, { visibility: 'private' })
    const attachment = await createAttachment(app, author, post.id)
    for (const headers of [other.auth, {}]) {
      for (const url of [
        `/v1/posts/${post.id}/attachments`,
        attachment.links['self'] ?? '',
        attachment.links['content'] ?? '',
        attachment.links['comments'] ?? '',
      ]) {
        errorOf(await app.inject({ method: 'GET', url, headers }), 404)
      }
    }
    errorOf(await uploadRaw(app, other, post.id, 'x', { filename: 'a' }), 404)
    errorOf(
      await app.inject({ method: 'DELETE', url: `/v1/attachments/${attachment.id}`, headers: other.auth }),
      404,
    )
  })

  const scriptable: Array<[string, string]> = [
    ['text/html', '<script>alert(1)</script>'],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['application/javascript', 'alert(1)'],
    ['text/javascript', 'alert(1)'],
    ['application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
    ['text/xml', '<x/>'],
    ['application/pdf', '%PDF-1.4'],
  ]
  for (const [contentType, content] of scriptable) {
    it(`a ${contentType} upload is always sent as a sandboxed download, never inline`, async (t) => {
      const { app } = await buildTestApp(t)
      const author = await registerAndLogin(app)
      const post = await createPost(app, author)
      const attachment = dataOf<AttachmentBody>(
        await uploadRaw(app, author, post.id, content, { filename: 'page.html', contentType }),
        201,
      )
      const response = await download(app, attachment)
      assert.match(String(response.headers['content-disposition']), /^attachment;/)
      assert.equal(response.headers['content-security-policy'], 'sandbox')
      assert.equal(response.headers['x-content-type-options'], 'nosniff')
    })
  }

  it('a filename with quotes, backslashes or non-ASCII cannot break out of Content-Disposition', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = dataOf<AttachmentBody>(
      await uploadRaw(app, author, post.id, 'x', {
        filename: 'a"; filename=evil.html; x="y\u00e9%.txt',
        contentType: 'text/plain',
      }),
      201,
    )
    const response = await download(app, attachment)
    assert.equal(
      response.headers['content-disposition'],
      `inline; filename="a_; filename=evil.html; x=_y__.txt"; ` +
        `filename*=UTF-8''a%22%3B%20filename%3Devil.html%3B%20x%3D%22y%C3%A9%25.txt`,
    )
  })
})
