// Uploading a file to a post: the request body is a multipart form or the raw file, streamed and
// checked as it arrives (size, quota, type), never parsed as data.
import { Readable } from 'node:stream'
import multipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { isForeignKeyViolation } from '../db/database.js'
import type { AttachmentRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { versionEtag } from '../http/conditional.js'
import { data } from '../http/envelope.js'
import { Envelope, IdParams } from '../http/schemas.js'
import { attachmentLinks } from '../http/links.js'
import { assertPostAuthor, visiblePost } from '../http/permissions.js'
import { createValidatorCompiler } from '../http/validation.js'
import { newId } from '../ids.js'
import { onPostEvent } from '../posts/post-events.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { logSecurityEvent } from '../security-events.js'
import { findStorageUsed, reserveStorage } from '../storage/storage.queries.js'
import { insertAttachment } from './attachments.queries.js'
import {
  AttachmentSchema,
  attachmentFromRow,
  UploadBodyDocumentation,
  UploadQuery,
} from './attachments.schemas.js'
import {
  DEFAULT_CONTENT_TYPE,
  fileTooLarge,
  normalizeMediaType,
  readLimited,
  storageQuotaExceeded,
  storedFilename,
  type ReadFile,
} from './files.js'

// Other parts a multipart upload may carry besides the file; small, so they cannot be used to send
// more than the file limit.
const MULTIPART_LIMITS = { fields: 10, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50, parts: 12 }

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
export const uploadRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, postAccess } = app
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
          `byte, JSON and text included; an empty file answers 422 (\`fields.file\`). At most ATTACHMENT_MAX_BYTES (default 10 MiB): 413 beyond, and nothing ` +
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
      const post = visiblePost(caller, await postAccess.find(request.params.id))
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
      if (upload.size === 0) throw fieldsError({ file: 'is empty: choose a file with something in it' })

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
          await appendEvents(trx, [onPostEvent('attachment.created', post, attachmentFromRow(row))])
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
