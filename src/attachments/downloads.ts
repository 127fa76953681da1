import { Readable } from 'node:stream'
import type { Db } from '../db/database.js'
import { ATTACHMENT_CHUNK_BYTES, readAttachmentChunk, type AttachmentChunk } from './attachments.queries.js'
import type { ByteRange } from './files.js'

// A download never holds a whole file: the bytes are read one stored chunk per query, as fast as the
// client takes them, so the memory a download needs is bounded by the chunk size whatever the file's
// size, and a thousand slow downloads of a large file cost a thousand chunks, not a thousand files.

/** The 404 a download answers when its file is gone; after the first byte, the transfer is cut instead. */
export class AttachmentGoneError extends Error {
  constructor() {
    super('the attachment was deleted while it was being sent')
    this.name = 'AttachmentGoneError'
  }
}

/** The bytes of `chunk` that fall within `position`..`end` (inclusive offsets in the file). */
function sliceOf(chunk: AttachmentChunk, position: number, end: number): Buffer {
  return chunk.bytes.subarray(position - chunk.firstByte, end + 1 - chunk.firstByte)
}

/**
 * Streams bytes `range.start`..`range.end` of a stored file, starting from `first` (the chunk holding
 * `range.start`, already read). Each further chunk is read only when the reader's buffer has room
 * (backpressure), and reading stops as soon as the stream is destroyed (the client went away). If the
 * file is deleted mid-way, the stream fails with AttachmentGoneError, which ends the response early.
 */
class AttachmentStream extends Readable {
  readonly #db: Db
  readonly #id: string
  readonly #end: number
  #position: number
  #pending: AttachmentChunk | undefined

  constructor(db: Db, id: string, range: ByteRange, first: AttachmentChunk) {
    // One chunk of buffer: the next is read once the previous has been handed to the socket.
    super({ highWaterMark: ATTACHMENT_CHUNK_BYTES })
    this.#db = db
    this.#id = id
    this.#end = range.end
    this.#position = range.start
    this.#pending = first
  }

  override _read(): void {
    const pending = this.#pending
    if (pending !== undefined) {
      this.#pending = undefined
      this.#pushChunk(pending)
      return
    }
    readAttachmentChunk(this.#db, this.#id, this.#position).then(
      (chunk) => {
        // Destroyed while the query ran (the client disconnected): nothing more is read.
        if (this.destroyed) return
        if (chunk === undefined) this.destroy(new AttachmentGoneError())
        else this.#pushChunk(chunk)
      },
      (error: unknown) => {
        this.destroy(error instanceof Error ? error : new Error(String(error)))
      },
    )
  }

  #pushChunk(chunk: AttachmentChunk): void {
    const bytes = sliceOf(chunk, this.#position, this.#end)
    this.#position += bytes.length
    this.push(bytes)
    if (this.#position > this.#end) this.push(null)
  }
}

/**
 * The body of a download of `range` of a file: the bytes themselves when the chunk holding its first
 * byte holds them all (small files: one query, no stream), else a stream that reads the rest chunk by
 * chunk. Throws AttachmentGoneError when the file is gone before its first byte is read.
 */
export async function attachmentBody(db: Db, id: string, range: ByteRange): Promise<Buffer | Readable> {
  const first = await readAttachmentChunk(db, id, range.start)
  if (first === undefined) throw new AttachmentGoneError()
  if (first.firstByte + first.bytes.length > range.end) return sliceOf(first, range.start, range.end)
  return new AttachmentStream(db, id, range, first)
}
