import { Readable } from 'node:stream'
import multipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { isForeignKeyViolation } from '../db/database.js'
import type { AttachmentRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/auth.js'
import { preconditionFailed, replyNotModified, requiredVersion, versionEtag } from '../http/conditional.js'
import { data, Envelope, IdParams, ListEnvelope, NoContent, NotModified } from '../http/envelope.js'
import { attachmentLinks } from '../http/links.js'
import { listBody, pageRequest, PageQuery } from '../http/pagination.js'
import { assertPostAuthor, visiblePost, visiblePostAttachment } from '../http/permissions.js'
import { createValidatorCompiler } from '../http/validation.js'
import { newId } from '../ids.js'
import { clearPostCover, findPostById, setPostCover } from '../posts/posts.queries.js'
import { PostSchema, postFromRow } from '../posts/posts.schemas.js'
import { logSecurityEvent } from '../security-events.js'
import { findStorageUsed, lockStorage, releaseStorage, reserveStorage } from '../storage/storage.queries.js'
import {
  deleteAttachment,
  findAttachmentWithPost,
  findPostWithAttachment,
  insertAttachment,
  listPostAttachments,
  lockPostAttachment,
  renameAttachment,
} from './attachments.queries.js'
import {
  AttachmentPathParams,
  AttachmentSchema,
  attachmentFromRow,
  contentResponse,
  RenameAttachmentBody,
  UploadBodyDocumentation,
  UploadQuery,
} from './attachments.schemas.js'
import { AttachmentGoneError, attachmentBody } from './downloads.js'
import {
  cleanFilename,
  contentDisposition,
  DEFAULT_CONTENT_TYPE,
  fileTooLarge,
  normalizeMediaType,
  parseRange,
  readLimited,
  storageQuotaExceeded,
  type ReadFile,
} from './files.js'

const IF_MATCH =
  'Send `If-Match` with the attachment’s ETag to apply the change only if nobody changed it since; otherwise 412 ' +
  'PRECONDITION_FAILED and nothing changes.'

// Other parts a multipart upload may carry besides the file; small, so they cannot be used to send
// more than the file limit.
const MULTIPART_LIMITS = { fields: 10, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50, parts: 12 }

/** The stored filename, or one 422 naming `filename`. */
function storedFilename(raw: string): string {
  const cleaned = cleanFilename(raw)
  if ('problem' in cleaned) throw fieldsError({ filename: cleaned.problem })
  return cleaned.filename
}

/** A file to store: its name and type as given, and its bytes as read. */
interface Upload extends ReadFile {
  filename: string
  contentType: string
}

/** How many bytes an upload may have, and the 413 it answers beyond. */
interface UploadLimit {
  bytes: number
  tooLarge: () => ApiError
}

/** The 400 for an upload whose file has no name anywhere. */
function missingFilename(): ApiError {
  return new ApiError('BAD_REQUEST', 'The file’s name is missing: send it in ?filename=', {
    filename: 'is required',
  })
}

/** Reads a `multipart/form-data` upload: the first file part, which must be named `file`. */
async function readMultipartUpload(
  request: FastifyRequest,
  queryFilename: string | undefined,
  limit: UploadLimit,
): Promise<Upload> {
  let part: MultipartFile | undefined
  try {
    // The limits are those the plugin was registered with (see uploadRoute).
    part = await request.file()
  } catch (error) {
    // Busboy's failures (no boundary, malformed parts, limits) are the client's; 413 stays 413.
    const status = (error as { statusCode?: unknown }).statusCode
    if (status === 413) throw limit.tooLarge()
    throw new ApiError('BAD_REQUEST', 'The multipart body is malformed')
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume()
    throw new ApiError('BAD_REQUEST', 'The multipart body needs the file in a part named "file"', {
      file: 'is required',
    })
  }
  // Busboy leaves the name out (despite its type) when the part's Content-Disposition has none.
  const partFilename = part.filename as string | undefined
  const rawName = partFilename === undefined || partFilename === '' ? queryFilename : partFilename
  if (rawName === undefined) {
    part.file.resume()
    throw missingFilename()
  }
  let filename: string
  try {
    filename = storedFilename(rawName)
  } catch (error) {
    part.file.resume()
    throw error
  }
  const read = await readLimited(part.file, limit.bytes, limit.tooLarge)
  if (part.file.truncated) throw limit.tooLarge()
  return { ...read, filename, contentType: normalizeMediaType(part.mimetype) ?? DEFAULT_CONTENT_TYPE }
}

/** Reads a raw upload: the body is the file, its Content-Type the file's type, `?filename=` its name. */
async function readRawUpload(
  request: FastifyRequest,
  queryFilename: string | undefined,
  limit: UploadLimit,
): Promise<Upload> {
  if (queryFilename === undefined) throw missingFilename()
  const filename = storedFilename(queryFilename)
  const header = request.headers['content-type']
  const contentType = header === undefined ? DEFAULT_CONTENT_TYPE : normalizeMediaType(header)
  if (contentType === undefined) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be a media type such as image/png')
  }
  // Refused before reading a byte when the client already says it is too large.
  const declaredLength = Number(request.headers['content-length'])
  if (Number.isFinite(declaredLength) && declaredLength > limit.bytes) throw limit.tooLarge()
  // The catch-all parser hands over the unread stream; with no body at all Fastify never calls it.
  const stream = request.body instanceof Readable ? request.body : request.raw
  return { ...(await readLimited(stream, limit.bytes, limit.tooLarge)), filename, contentType }
}

/** Accepts any upload body: the handler reads and checks the stream itself. */
const acceptUploadBody = () => true

/**
 * The upload route, in its own plugin context whose body parsers are replaced: multipart for forms,
 * and for every other type the raw, unparsed stream, so a JSON or text file is stored byte for byte.
 */
const uploadRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app
  const maxBytes = config.attachmentMaxBytes

  app.removeAllContentTypeParsers()
  // One byte over the limit lets the reader tell "exactly the limit" from "larger".
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, files: 1, fileSize: maxBytes + 1 } })
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload)
  })
  // The body is documented per media type for OpenAPI but never validated as data (it is a stream);
  // path and query are validated as everywhere else.
  const validate = createValidatorCompiler()
  const compiler: FastifySchemaCompiler<unknown> = (route) =>
    route.httpPart === 'body' ? acceptUploadBody : validate(route)
  app.setValidatorCompiler(compiler)

  app.post(
    '/posts/:id/attachments',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Upload an attachment',
        description:
          'Only the post’s author. Either `multipart/form-data` with the file in a part named `file` (its filename ' +
          'and Content-Type are kept; other parts are ignored), or a raw body sent with the file’s own ' +
          'Content-Type and its name in `?filename=` (required: 400 without it). Any type is stored byte for ' +
          `byte, JSON and text included. At most ATTACHMENT_MAX_BYTES (default 10 MiB): 413 beyond, and nothing ` +
          'is stored. The attachments of all the author’s posts together may hold at most USER_STORAGE_MAX_BYTES ' +
          '(default 1 GiB): an upload that does not fit answers 413 PAYLOAD_TOO_LARGE naming the quota, what is in ' +
          'use and what is left, and stores nothing (deleting attachments or posts frees space at once; parallel ' +
          'uploads never overshoot the quota). The SHA-256 is computed while the bytes arrive. Filenames lose path ' +
          'components and control characters and are NFC-normalised; 1–255 characters must remain (422 ' +
          'otherwise). 201 with the attachment’s metadata.',
        security: TOKEN_SECURITY,
        params: IdParams,
        querystring: UploadQuery,
        body: UploadBodyDocumentation,
        response: { 201: Envelope(AttachmentSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      // Checked before a byte of the body is read.
      const post = visiblePost(caller, await findPostById(db, request.params.id))
      assertPostAuthor(caller, post)
      // The stored bytes must be the file itself; a compressed body would be served back as its type.
      const encoding = request.headers['content-encoding']
      if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
        throw new ApiError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Content-Encoding is not supported here: send the file’s bytes as they are',
        )
      }
      const quotaBytes = config.userStorageMaxBytes
      const refuseOverQuota = (usedBytes: number, closeConnection: boolean): ApiError => {
        logSecurityEvent(request.log, 'quota.exceeded', { userId: post.user_id }, { quota: 'storage' })
        return storageQuotaExceeded(quotaBytes, usedBytes, closeConnection)
      }
      // A first check against the total read with the session (the reservation below is the one that
      // counts): a file that cannot fit is refused before it is held in memory.
      const usedBytes = caller.user.storage_bytes
      const limit: UploadLimit =
        quotaBytes - usedBytes < maxBytes
          ? { bytes: Math.max(0, quotaBytes - usedBytes), tooLarge: () => refuseOverQuota(usedBytes, true) }
          : { bytes: maxBytes, tooLarge: () => fileTooLarge(maxBytes) }
      const upload = request.isMultipart()
        ? await readMultipartUpload(request, request.query.filename, limit)
        : await readRawUpload(request, request.query.filename, limit)

      const now = Date.now()
      const row: AttachmentRow = {
        id: newId(now),
        post_id: post.id,
        filename: upload.filename,
        content_type: upload.contentType,
        size: upload.size,
        sha256: upload.sha256,
        version: 1,
        created_at: now,
        updated_at: now,
      }
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await reserveStorage(trx, post.user_id, row.size, quotaBytes))) {
            const used = await findStorageUsed(trx, post.user_id)
            // The account was deleted, and its posts with it, while the file was arriving.
            if (used === undefined) throw notFound('Post')
            throw refuseOverQuota(used, false)
          }
          await insertAttachment(trx, row, upload.content)
        })
      } catch (error) {
        // The post was deleted while the file was arriving.
        if (isForeignKeyViolation(error)) throw notFound('Post')
        throw error
      }
      return reply
        .code(201)
        .header('etag', versionEtag(row.version))
        .header('location', attachmentLinks(row).self)
        .send(data(attachmentFromRow(row)))
    },
  )
}

/** Attachments: upload, list, metadata, download and cover selection under a post; rename and delete. */
export const attachmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  await app.register(uploadRoute)

  app.get(
    '/posts/:id/attachments',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['attachments'],
        summary: 'List a post’s attachments',
        description:
          'Metadata only (follow `links.content` for the bytes), newest first, for anyone who can see the post. ' +
          'Paginated like every list (`limit`, `pagetoken`, `from`).',
        security: [...TOKEN_SECURITY, {}],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ListEnvelope(AttachmentSchema), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const post = visiblePost(request.caller, await findPostById(db, request.params.id))
      const page = await listPostAttachments(db, post.id, pageRequest(request.query))
      return listBody(page, attachmentFromRow)
    },
  )

  app.get(
    '/posts/:id/attachments/:aid',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['attachments'],
        summary: 'Read an attachment’s metadata',
        description:
          'For anyone who can see the post. Carries an ETag (If-None-Match → 304); the bytes are at `links.content`.',
        security: [...TOKEN_SECURITY, {}],
        params: AttachmentPathParams,
        response: { 200: Envelope(AttachmentSchema), 304: NotModified, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { attachment } = visiblePostAttachment(
        request.caller,
        await findPostWithAttachment(db, request.params.id, request.params.aid),
      )
      if (replyNotModified(request, reply, versionEtag(attachment.version))) return reply
      return data(attachmentFromRow(attachment))
    },
  )

  app.get(
    '/posts/:id/attachments/:aid/content',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['attachments'],
        summary: 'Download an attachment',
        description:
          'The stored bytes with their own Content-Type and Content-Length, for anyone who can see the post. The ' +
          'ETag is the quoted SHA-256 (If-None-Match → 304). Content-Disposition carries the filename (RFC 6266, ' +
          'with `filename*` for any character); it is `inline` only for images, plain text, audio and video, and ' +
          '`attachment` for everything else (HTML, SVG, XML, JavaScript…). Every download is sent with ' +
          '`X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`, so an upload can never run ' +
          'script in the API’s origin. A single `Range: bytes=…` answers 206 with Content-Range (If-Range ' +
          'honoured); a range beyond the end answers 416.',
        security: [...TOKEN_SECURITY, {}],
        params: AttachmentPathParams,
        response: {
          200: contentResponse('The whole file'),
          206: contentResponse('The requested byte range'),
          304: NotModified,
          ...errorResponses(401, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const { attachment } = visiblePostAttachment(
        request.caller,
        await findPostWithAttachment(db, request.params.id, request.params.aid),
      )
      // The content's own strong validator: identical bytes, identical tag.
      const etag = `"${attachment.sha256}"`
      if (replyNotModified(request, reply, etag)) return reply

      // If-Range: a range of the version the client holds, else the whole (changed) file.
      const ifRange = request.headers['if-range']
      const range =
        ifRange === undefined || (typeof ifRange === 'string' && ifRange.trim() === etag)
          ? parseRange(request.headers.range, attachment.size)
          : undefined
      if (range === 'unsatisfiable') {
        throw new ApiError(
          'RANGE_NOT_SATISFIABLE',
          `The range starts beyond the end of the file (${attachment.size} bytes)`,
          undefined,
          { 'content-range': `bytes */${attachment.size}` },
        )
      }
      const length = range === undefined ? attachment.size : range.end - range.start + 1
      // HEAD needs only the headers: the length is known, so the bytes are never read. Otherwise the
      // first chunk is read before any header is set, so a file deleted meanwhile is a clean 404.
      let body: Buffer | Readable
      if (request.method === 'HEAD') body = Readable.from([])
      else if (length === 0) body = Buffer.alloc(0)
      else {
        const wanted = range ?? { start: 0, end: attachment.size - 1 }
        body = await attachmentBody(db, attachment.id, wanted).catch((error: unknown) => {
          throw error instanceof AttachmentGoneError ? notFound('Attachment') : error
        })
      }
      void reply
        .header('content-type', attachment.content_type)
        .header('content-disposition', contentDisposition(attachment.filename, attachment.content_type))
        .header('content-security-policy', 'sandbox')
        .header('accept-ranges', 'bytes')
      if (range !== undefined) {
        void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${attachment.size}`)
      }
      // Fastify counts a Buffer itself; a stream's length is set here (Fastify's HEAD route keeps a
      // Content-Length set beside a stream, where it would recount a buffer).
      if (body instanceof Readable) void reply.header('content-length', length)
      return reply.send(body)
    },
  )

  app.post(
    '/posts/:id/attachments/:aid/select',
    {
      schema: {
        tags: ['attachments', 'posts'],
        summary: 'Make an attachment the post’s cover',
        description:
          'An action: only the post’s author. Sets the post’s `cover_attachment_id` to this attachment (bumping ' +
          'the post’s version) and answers 200 with the post. Send `If-Match` with the post’s ETag to apply it only ' +
          'if the post is unchanged (412 otherwise). No request body.',
        security: TOKEN_SECURITY,
        params: AttachmentPathParams,
        response: { 200: Envelope(PostSchema), ...errorResponses(401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const post = visiblePost(caller, await findPostById(db, request.params.id))
      assertPostAuthor(caller, post)
      const expectedVersion = requiredVersion(request, post.version)
      const updated = await db.transaction().execute(async (trx) => {
        // The author's row first, as the deletions of the post, of its files and of the account take it
        // (storage.queries.ts), so they queue here. Taking the attachment's row first deadlocked on
        // PostgreSQL with a deletion of the post, which holds the post's row and cascades to its files.
        await lockStorage(trx, post.user_id)
        // Holding the attachment's row means a concurrent delete either finishes first (we see it
        // gone) or waits and then clears the cover we set: the cover never names a deleted file.
        if (!(await lockPostAttachment(trx, post.id, request.params.aid))) throw notFound('Attachment')
        const changed = await setPostCover(trx, post.id, request.params.aid, Date.now(), expectedVersion)
        if (!changed) throw expectedVersion === undefined ? notFound('Post') : preconditionFailed()
        return changed
      })
      return reply.header('etag', versionEtag(updated.version)).send(data(postFromRow(updated)))
    },
  )

  app.patch(
    '/attachments/:id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Rename an attachment',
        description:
          'Only the post’s author; `filename` is the only field that can change (same rules as at upload: 422 when ' +
          `nothing usable remains). ${IF_MATCH}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        body: RenameAttachmentBody,
        response: {
          200: Envelope(AttachmentSchema),
          ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const filename = request.body.filename === undefined ? undefined : storedFilename(request.body.filename)
      const found = await findAttachmentWithPost(db, request.params.id)
      if (!found) throw notFound('Attachment')
      const { attachment } = found
      const post = visiblePost(caller, found.post, 'Attachment')
      assertPostAuthor(caller, post)
      const expectedVersion = requiredVersion(request, attachment.version)
      let current = attachment
      if (filename !== undefined) {
        const renamed = await renameAttachment(db, attachment.id, filename, Date.now(), expectedVersion)
        if (!renamed) throw expectedVersion === undefined ? notFound('Attachment') : preconditionFailed()
        current = renamed
      }
      return reply.header('etag', versionEtag(current.version)).send(data(attachmentFromRow(current)))
    },
  )

  app.delete(
    '/attachments/:id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Delete an attachment',
        description:
          'Only the post’s author. Its comments go with it, its size is given back to the author’s storage quota, ' +
          'and if it was the post’s cover the cover is cleared (bumping the post’s version), all in one ' +
          `transaction. 204. ${IF_MATCH}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const found = await findAttachmentWithPost(db, request.params.id)
      if (!found) throw notFound('Attachment')
      const { attachment } = found
      const post = visiblePost(caller, found.post, 'Attachment')
      assertPostAuthor(caller, post)
      const expectedVersion = requiredVersion(request, attachment.version)
      await db.transaction().execute(async (trx) => {
        // The author's stored total first, as every change to their files does (storage.queries.ts).
        await lockStorage(trx, post.user_id)
        // Its comments and bytes go with it (ON DELETE CASCADE); the cover has no foreign key, so it is
        // cleared here.
        if (!(await deleteAttachment(trx, attachment.id, expectedVersion))) {
          throw expectedVersion === undefined ? notFound('Attachment') : preconditionFailed()
        }
        await releaseStorage(trx, post.user_id, attachment.size)
        await clearPostCover(trx, post.id, attachment.id, Date.now())
      })
      return reply.code(204).send(null)
    },
  )
}
