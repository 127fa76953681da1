import type { Readable } from 'node:stream'
import { Type, type Static } from 'typebox'
import { isoTime } from '../http/iso-time.js'
import { Id, IdParams, Links, Timestamp } from '../http/schemas.js'
import { attachmentLinks } from '../http/links.js'
import type { AttachmentRow } from '../db/tables.js'
import { FILENAME_MAX_LENGTH } from './files.js'

/** The largest ATTACHMENT_MAX_BYTES the configuration accepts (1 GiB), so the largest size possible. */
const ATTACHMENT_MAX_BYTES_CEILING = 1024 * 1024 * 1024

export const AttachmentSchema = Type.Object({
  id: Id,
  post_id: Id,
  filename: Type.String({
    maxLength: FILENAME_MAX_LENGTH,
    description: 'Its only writable field after upload',
  }),
  content_type: Type.String({
    maxLength: 255,
    description: 'The media type the file was uploaded with; sent back on download',
  }),
  size: Type.Integer({
    format: 'int64',
    minimum: 0,
    maximum: ATTACHMENT_MAX_BYTES_CEILING,
    description: 'In bytes',
  }),
  sha256: Type.String({
    pattern: '^[0-9a-f]{64}$',
    maxLength: 64,
    description: 'SHA-256 of the content, lowercase hex',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: Links(
    { required: ['self', 'content', 'comments', 'select', 'edit', 'post'] },
    'Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post',
  ),
})
type Attachment = Static<typeof AttachmentSchema>

/** Path parameters `{id}` (a post) and `{aid}` (one of its attachments); malformed IDs answer 404. */
export const AttachmentPathParams = Type.Object({ ...IdParams.properties, aid: Id })

const FILENAME_RULES =
  `1–${FILENAME_MAX_LENGTH} characters once path components, control and bidirectional-override ` +
  'characters are removed and it is NFC-normalised'

export const UploadQuery = Type.Object({
  filename: Type.Optional(
    Type.String({
      maxLength: 1024,
      description: `The file’s name: required with a raw body, used with multipart only when the part has none. ${FILENAME_RULES}.`,
    }),
  ),
})
export type UploadQuery = Static<typeof UploadQuery>

/**
 * The upload's request body, for the OpenAPI document only: the route reads the stream itself (it is
 * never parsed or validated as JSON), so a JSON or text file is stored byte for byte.
 */
export const UploadBodyDocumentation = {
  content: {
    'multipart/form-data': {
      schema: Type.Object(
        {
          file: Type.String({
            format: 'binary',
            maxLength: ATTACHMENT_MAX_BYTES_CEILING,
            description: 'The file; its part’s filename and Content-Type are kept',
          }),
        },
        { required: ['file'] },
      ),
    },
    '*/*': {
      schema: Type.String({
        format: 'binary',
        maxLength: ATTACHMENT_MAX_BYTES_CEILING,
        description:
          'Any other Content-Type: the body is the file itself, stored with that type; `?filename=` is required',
      }),
    },
  },
}

export const RenameAttachmentBody = Type.Object(
  {
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: FILENAME_RULES })),
  },
  { additionalProperties: false, description: 'Only `filename` can change; the bytes never do' },
)
export type RenameAttachmentBody = Static<typeof RenameAttachmentBody>

/** The download's 200/206 response, documented as raw bytes of the stored type. */
export function contentResponse(description: string) {
  return {
    description,
    headers: {
      ETag: { type: 'string', maxLength: 66, description: 'The quoted SHA-256 of the content (strong)' },
      'Content-Disposition': {
        type: 'string',
        maxLength: 2048,
        description: '`inline` only for images, plain text, audio and video; anything else is `attachment`',
      },
      'Content-Security-Policy': {
        type: 'string',
        maxLength: 64,
        description: '`sandbox`: the file can never run script',
      },
      'Accept-Ranges': { type: 'string', maxLength: 16, description: '`bytes`' },
      'Content-Range': { type: 'string', maxLength: 64, description: 'On 206: `bytes start-end/size`' },
      'Access-Control-Allow-Origin': {
        type: 'string',
        maxLength: 2048,
        description: 'CORS: `*` or the allowed origin (CORS_ORIGINS)',
      },
    },
    content: {
      '*/*': {
        schema: Type.Unsafe<Buffer | Readable>({
          type: 'string',
          format: 'binary',
          maxLength: ATTACHMENT_MAX_BYTES_CEILING,
        }),
      },
    },
  }
}

/** The API representation of a stored attachment (never its bytes). */
export function attachmentFromRow(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    post_id: row.post_id,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    sha256: row.sha256,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    links: attachmentLinks(row),
  }
}
