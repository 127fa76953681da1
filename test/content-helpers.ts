import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Db } from '../src/db/database.js'
import { json, type TestUser } from './helpers.js'

// Small builders shared by the content tests: they go through HTTP like any client would.

/** Who wrote a post or comment, as the API shows them. */
export interface AuthorBody {
  id: string
  display_name: string | null
}

export interface PostBody {
  id: string
  user_id: string
  author: AuthorBody
  title: string
  body: string
  visibility: 'public' | 'private'
  cover_attachment_id: string | null
  created_at: string
  updated_at: string
  links: Record<string, string>
}

export interface AttachmentBody {
  id: string
  post_id: string
  filename: string
  content_type: string
  size: number
  sha256: string
  created_at: string
  updated_at: string
  links: Record<string, string>
}

export interface CommentBody {
  id: string
  post_id: string
  attachment_id: string | null
  user_id: string
  author: AuthorBody
  body: string
  created_at: string
  updated_at: string
  links: Record<string, string>
}

export interface ListBody<T> {
  data: T[]
  next_page_token?: string
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

/** The `data` of a response, after checking its status; the type argument states what the test expects. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function dataOf<T>(response: LightMyRequestResponse, status: number): T {
  assert.equal(
    response.statusCode,
    status,
    `expected ${status}, got ${response.statusCode}: ${response.body}`,
  )
  return json<{ data: T }>(response).data
}

/** The error envelope of a response, after checking its status and that it carries no `data`. */
export function errorOf(response: LightMyRequestResponse, status: number): ErrorBody['error'] {
  assert.equal(
    response.statusCode,
    status,
    `expected ${status}, got ${response.statusCode}: ${response.body}`,
  )
  const body = json<ErrorBody & { data?: unknown }>(response)
  assert.equal(body.data, undefined)
  assert.equal(typeof body.error.code, 'string')
  assert.equal(typeof body.error.message, 'string')
  return body.error
}

/** Creates a post as `user` over HTTP. */
export async function createPost(
  app: FastifyInstance,
  user: TestUser,
  fields: { title?: string; body?: string; visibility?: 'public' | 'private' } = {},
): Promise<PostBody> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/posts',
    headers: user.auth,
    payload: { title: 'A post', body: 'Its body', ...fields },
  })
  return dataOf<PostBody>(response, 201)
}

/** Uploads a file as a raw body with its own Content-Type and `?filename=`. */
export function uploadRaw(
  app: FastifyInstance,
  user: TestUser | undefined,
  postId: string,
  content: Buffer | string,
  options: { filename?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const query = options.filename === undefined ? '' : `?filename=${encodeURIComponent(options.filename)}`
  return app.inject({
    method: 'POST',
    url: `/v1/posts/${postId}/attachments${query}`,
    headers: {
      ...(user?.auth ?? {}),
      'content-type': options.contentType ?? 'application/octet-stream',
    },
    payload: content,
  })
}

/** A `multipart/form-data` body with one file part (and optional plain fields before it). */
export function multipartBody(
  file: { field?: string; filename?: string; contentType?: string; content: Buffer | string },
  fields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----quire-test-${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  const filename = file.filename === undefined ? '' : `; filename="${file.filename}"`
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"${filename}\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Uploads a file as `multipart/form-data`. */
export function uploadMultipart(
  app: FastifyInstance,
  user: TestUser,
  postId: string,
  file: { field?: string; filename?: string; contentType?: string; content: Buffer | string },
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(file)
  return app.inject({
    method: 'POST',
    url: `/v1/posts/${postId}/attachments`,
    headers: { ...user.auth, 'content-type': contentType },
    payload,
  })
}

/** Uploads a small text file and returns its metadata. */
export async function createAttachment(
  app: FastifyInstance,
  user: TestUser,
  postId: string,
  content: Buffer | string = 'file content',
  filename = 'notes.txt',
  contentType = 'text/plain',
): Promise<AttachmentBody> {
  return dataOf<AttachmentBody>(await uploadRaw(app, user, postId, content, { filename, contentType }), 201)
}

/** Uploads `bytes` random bytes as a raw `file.bin`, answering whatever the server answers. */
export function upload(
  app: FastifyInstance,
  user: TestUser,
  postId: string,
  bytes: number,
): Promise<LightMyRequestResponse> {
  return uploadRaw(app, user, postId, randomBytes(bytes), { filename: 'file.bin' })
}

/** The user's stored total as the server counts it, and the sum of their attachments' sizes. */
export async function storage(db: Db, userId: string): Promise<{ counted: number; stored: number }> {
  const user = await db
    .selectFrom('users')
    .select('storage_bytes')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const files = await db
    .selectFrom('attachments')
    .innerJoin('posts', 'posts.id', 'attachments.post_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('attachments.size'), eb.lit(0)).as('bytes'))
    .where('posts.user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { counted: user.storage_bytes, stored: files.bytes }
}

/** Comments on a post, or on one of its attachments when `attachmentId` is given. */
export async function createComment(
  app: FastifyInstance,
  user: TestUser,
  postId: string,
  attachmentId?: string,
  body = 'A comment',
): Promise<CommentBody> {
  const url =
    attachmentId === undefined
      ? `/v1/posts/${postId}/comments`
      : `/v1/posts/${postId}/attachments/${attachmentId}/comments`
  return dataOf<CommentBody>(
    await app.inject({ method: 'POST', url, headers: user.auth, payload: { body } }),
    201,
  )
}

/** Follows `next_page_token` from the first page to the last, returning every ID seen in order. */
export async function walkPages(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  limit: number,
  onPage?: (pageNumber: number) => Promise<void>,
): Promise<string[]> {
  const seen: string[] = []
  let token: string | undefined
  for (let pageNumber = 1; pageNumber < 1000; pageNumber++) {
    const separator = url.includes('?') ? '&' : '?'
    const pageUrl = `${url}${separator}limit=${limit}${token === undefined ? '' : `&pagetoken=${token}`}`
    const response = await app.inject({ method: 'GET', url: pageUrl, headers })
    assert.equal(response.statusCode, 200, response.body)
    const page = json<ListBody<{ id: string }>>(response)
    seen.push(...page.data.map((item) => item.id))
    await onPage?.(pageNumber)
    token = page.next_page_token
    if (token === undefined) return seen
  }
  throw new Error('pagination did not end')
}
