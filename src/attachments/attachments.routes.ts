import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ApiError, errorResponses, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import {
  IF_MATCH,
  preconditionFailed,
  replyNotModified,
  requiredVersion,
  versionEtag,
} from '../http/conditional.js'
import { data, listBody } from '../http/envelope.js'
import { Envelope, IdParams, ListEnvelope, NoContent, NotModified, PageQuery } from '../http/schemas.js'
import { pageRequest } from '../db/pagination.js'
import {
  assertPostAuthor,
  postDeletionRight,
  visiblePost,
  visiblePostAttachment,
} from '../http/permissions.js'
import { audited } from '../audit/audit.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { onPostEvent, postEvent } from '../posts/post-events.js'
import { removeAttachment } from './removal.js'
import { findPostById, setPostCover } from '../posts/posts.queries.js'
import { PostSchema, postFromRow } from '../posts/posts.schemas.js'
import { lockStorage } from '../storage/storage.queries.js'
import {
  findAttachmentWithPost,
  findPostWithAttachment,
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
} from './attachments.schemas.js'
import { AttachmentGoneError, attachmentBody, SmallFileCache } from './downloads.js'
import { contentDisposition, isCoverType, notACoverType, parseRange, storedFilename } from './files.js'
import { uploadRoute } from './uploads.js'

/** Attachments: upload, list, metadata, download and cover selection under a post; rename and delete. */
export const attachmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, postAccess } = app
  const smallFiles = new SmallFileCache(app.config.attachmentCacheBytes)

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
      const post = visiblePost(request.caller, await postAccess.find(request.params.id))
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
        body = await attachmentBody(db, attachment, wanted, smallFiles).catch((error: unknown) => {
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
          'if the post is unchanged (412 otherwise). Only an image can be a cover (image/png, image/jpeg, ' +
          'image/gif, image/webp, image/avif): any other type answers 422. No request body.',
        security: TOKEN_SECURITY,
        params: AttachmentPathParams,
        response: { 200: Envelope(PostSchema), ...errorResponses(401, 403, 404, 412, 422) },
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
        const attachment = await lockPostAttachment(trx, post.id, request.params.aid)
        if (!attachment) throw notFound('Attachment')
        if (!isCoverType(attachment.content_type)) throw notACoverType(attachment.content_type)
        const changed = await setPostCover(trx, post.id, request.params.aid, Date.now(), expectedVersion)
        if (!changed) throw expectedVersion === undefined ? notFound('Post') : preconditionFailed()
        const withAuthor = { ...changed, author_display_name: post.author_display_name }
        await appendEvents(trx, [postEvent('post.updated', withAuthor)])
        return withAuthor
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
        current = await db.transaction().execute(async (trx) => {
          const renamed = await renameAttachment(trx, attachment.id, filename, Date.now(), expectedVersion)
          if (!renamed) throw expectedVersion === undefined ? notFound('Attachment') : preconditionFailed()
          await appendEvents(trx, [onPostEvent('attachment.updated', post, attachmentFromRow(renamed))])
          return renamed
        })
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
          'The post’s author, or a holder of `posts:moderate` (moderators and admins; their deletion is written to ' +
          'the audit log as `attachment.delete`). Its comments go with it, its size is given back to the author’s ' +
          'storage quota, and if it was the post’s cover the cover is cleared (bumping the post’s version), all in ' +
          `one transaction. 204. ${IF_MATCH}`,
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
      const right = postDeletionRight(caller, post)
      const expectedVersion = requiredVersion(request, attachment.version)
      await audited(db, request.log, async (trx) => {
        if (!(await removeAttachment(trx, post, attachment, expectedVersion))) {
          throw expectedVersion === undefined ? notFound('Attachment') : preconditionFailed()
        }
        const entries =
          right === 'moderator'
            ? [
                {
                  actorId: caller.userId,
                  action: 'attachment.delete' as const,
                  targetType: 'attachment' as const,
                  targetId: attachment.id,
                },
              ]
            : []
        return { result: undefined, entries }
      })
      return reply.code(204).send(null)
    },
  )
}
