import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { ApiError, fieldsError } from '../errors.js'
import { LONE_SURROGATE } from '../http/text.js'

// Pure helpers for stored files: what a filename or media type may be, how the bytes are read from
// a request under a size limit, and how a download is described to the browser.

export const FILENAME_MAX_LENGTH = 255
const CONTENT_TYPE_MAX_LENGTH = 255
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates that can make
// "evil‮fdp.exe" display as "evilexe.pdf".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_FILENAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The filename as stored: its last path component (either separator), without control or bidi
 * characters, NFC-normalised and trimmed. Returns why it is unacceptable instead when nothing usable is
 * left or it is longer than 255 characters.
 */
export function cleanFilename(raw: string): { filename: string } | { problem: string } {
  if (LONE_SURROGATE.test(raw)) return { problem: 'must be valid Unicode (no lone surrogates)' }
  const lastComponent = raw.split(/[/\\]/).pop() ?? ''
  const filename = lastComponent.replace(UNSAFE_FILENAME_CHARACTERS, '').normalize('NFC').trim()
  if (filename === '' || filename === '.' || filename === '..') {
    return { problem: 'must name a file (it is empty once path and control characters are removed)' }
  }
  if (Array.from(filename).length > FILENAME_MAX_LENGTH) {
    return { problem: `must be at most ${FILENAME_MAX_LENGTH} characters` }
  }
  return { filename }
}

/** The stored filename, or one 422 naming `filename`. */
export function storedFilename(raw: string): string {
  const cleaned = cleanFilename(raw)
  if ('problem' in cleaned) throw fieldsError({ filename: cleaned.problem })
  return cleaned.filename
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
// Linear by construction: the character classes of neighbouring parts do not overlap (a token has no
// space, `;`, `=` or quote), and the tail's two optional whitespace runs are separated by a required
// `;`, so no input can be split between repeated groups in many ways. (A tail of
// `[ \t]*;?[ \t]*$` would let a long run of spaces backtrack quadratically.)
const MEDIA_TYPE = new RegExp(
  `^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\\\u0000-\\u001f\\u007f]|\\\\[\\t\\u0020-\\u007e])*"))*)[ \\t]*(?:;[ \\t]*)?$`,
)
const PARAMETER = new RegExp(`;[ \\t]*(${TOKEN})=(${TOKEN}|"(?:[^"\\\\]|\\\\.)*")`, 'g')
/** Longest media type text looked at; anything longer is refused before any pattern runs. */
const MEDIA_TYPE_INPUT_MAX_LENGTH = 1024

/**
 * A media type in canonical form (`type/subtype; name=value`, type and names lower-cased), or
 * undefined when the text is not a media type or is too long to store.
 */
export function normalizeMediaType(text: string): string | undefined {
  if (text.length > MEDIA_TYPE_INPUT_MAX_LENGTH) return undefined
  const match = MEDIA_TYPE.exec(text.trim())
  if (!match?.[1] || !match[2]) return undefined
  const parameters = [...(match[3] ?? '').matchAll(PARAMETER)].map(
    ([, name = '', value = '']) => `; ${name.toLowerCase()}=${value}`,
  )
  const normalized = `${match[1]}/${match[2]}`.toLowerCase() + parameters.join('')
  return normalized.length <= CONTENT_TYPE_MAX_LENGTH ? normalized : undefined
}

/** The `type/subtype` part of a stored media type. */
function mediaTypeEssence(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase()
}

// A cover is shown as a picture wherever the post is listed, so only types every current browser draws
// in an <img> qualify.
const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const

/** True when an attachment of this type may be a post's cover. */
export function isCoverType(contentType: string): boolean {
  return (COVER_TYPES as readonly string[]).includes(mediaTypeEssence(contentType))
}

/** The 422 for a cover that is not an image. */
export function notACoverType(contentType: string): ApiError {
  return new ApiError(
    'FIELDS_VALIDATION_ERROR',
    `Only an image can be a post’s cover (${COVER_TYPES.join(', ')}); this attachment is ${mediaTypeEssence(contentType)}.`,
  )
}

// Shown in the browser (inline) only when the type cannot run script: images a browser renders as
// pictures, plain text, audio and video. Everything else (HTML, SVG, XML, JavaScript, PDF, unknown
// types) is always a download, and every download is also sandboxed by its Content-Security-Policy.
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'text/plain',
])
const INLINE_FAMILIES = ['audio/', 'video/']

/** True when a file of this type may be displayed in the browser rather than downloaded. */
export function isSafeInline(contentType: string): boolean {
  const essence = mediaTypeEssence(contentType)
  return INLINE_TYPES.has(essence) || INLINE_FAMILIES.some((family) => essence.startsWith(family))
}

/** RFC 8187 `attr-char`s stay as they are; every other UTF-8 byte is percent-encoded. */
function encodeExtValue(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte)
      return /[A-Za-z0-9!#$&+.^_`|~-]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
    })
    .join('')
}

/**
 * The `Content-Disposition` of a download (RFC 6266): `inline` only for types that cannot run
 * script, with an ASCII `filename` fallback and the exact name in `filename*` (RFC 8187 / 5987).
 */
export function contentDisposition(filename: string, contentType: string): string {
  const disposition = isSafeInline(contentType) ? 'inline' : 'attachment'
  const fallback = filename.replace(/[^\u0020-\u007e]|["\\%]/g, '_')
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`
}

/** A byte range of a stored file: `start` and `end` are inclusive offsets. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14). Returns the one range to
 * send, `'unsatisfiable'` (416), or undefined to send the whole file: no header, another unit, a
 * malformed value or several ranges (which a server may answer with the whole representation).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined || header.length > 200) return undefined
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header.trim())
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    // A suffix: the last N bytes.
    const suffixLength = Number(last)
    if (suffixLength === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffixLength), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

/** What reading an upload produced: the bytes, their count and their SHA-256 (lowercase hex). */
export interface ReadFile {
  content: Buffer
  size: number
  sha256: string
}

/** The 413 an upload larger than the limit answers; the connection closes so the rest is not read. */
export function fileTooLarge(maxBytes: number): ApiError {
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the limit of ${maxBytes} bytes`,
    { file: `must be at most ${maxBytes} bytes` },
    { connection: 'close' },
  )
}

/**
 * The 413 an upload answers when it would take its author's attachments past USER_STORAGE_MAX_BYTES.
 * When it is refused before its body was read, the connection closes so the rest is not read.
 */
export function storageQuotaExceeded(
  maxBytes: number,
  usedBytes: number,
  closeConnection: boolean,
): ApiError {
  const left = Math.max(0, maxBytes - usedBytes)
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The file does not fit in your storage quota of ${maxBytes} bytes (USER_STORAGE_MAX_BYTES): ` +
      `${usedBytes} are in use, ${left} left; delete some attachments first`,
    { file: `must fit in the ${left} bytes left of your storage quota` },
    closeConnection ? { connection: 'close' } : undefined,
  )
}

/** The 400 for an upload whose stream failed: the client went away or sent a malformed body. */
function uploadBroken(): ApiError {
  return new ApiError('BAD_REQUEST', 'The upload ended early or its body is malformed')
}

/**
 * Reads a stream to its end, hashing as the bytes arrive, and stops with `tooLarge()` (a 413) as soon
 * as more than `maxBytes` have come, so an oversized upload is never held whole. The stream is paused,
 * not destroyed, on the way out: destroying a request would drop the connection before the 413 is sent.
 */
export function readLimited(
  stream: Readable,
  maxBytes: number,
  tooLarge: () => ApiError = () => fileTooLarge(maxBytes),
): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    const chunks: Buffer[] = []
    let size = 0
    const finish = (outcome: () => void): void => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
      outcome()
    }
    function onData(chunk: unknown): void {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
      size += bytes.length
      if (size > maxBytes) {
        stream.pause()
        finish(() => {
          reject(tooLarge())
        })
        return
      }
      hash.update(bytes)
      chunks.push(bytes)
    }
    function onEnd(): void {
      finish(() => {
        resolve({ content: Buffer.concat(chunks, size), size, sha256: hash.digest('hex') })
      })
    }
    function onError(error: unknown): void {
      const status = (error as { statusCode?: unknown } | undefined)?.statusCode
      finish(() => {
        reject(status === 413 ? tooLarge() : uploadBroken())
      })
    }
    function onClose(): void {
      finish(() => {
        reject(uploadBroken())
      })
    }
    // The stream may have failed (e.g. a truncated multipart part) before this reader was attached.
    if (stream.errored !== null || (stream.destroyed && !stream.readableEnded)) {
      reject(uploadBroken())
      return
    }
    if (stream.readableEnded) {
      resolve({ content: Buffer.alloc(0), size: 0, sha256: hash.digest('hex') })
      return
    }
    stream.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose)
  })
}
