import { Readable } from 'node:stream'
import type { Db } from '../db/database.js'
import { ATTACHMENT_CHUNK_BYTES, readAttachmentChunk, type AttachmentChunk } from './attachments.queries.js'
import type { ByteRange } from './files.js'

// A download never holds a whole file: the bytes are read one stored chunk per query, as fast as the
// client takes them, so the memory a download needs is bounded by the chunk size whatever the file's
// size, and a thousand slow downloads of a large file cost a thousand chunks, not a thousand files.
// Small files (one chunk) that are asked for again are answered from SmallFileCache.

/** What a download knows of a file from its row before reading any byte. */
interface StoredFile {
  id: string
  size: number
  sha256: string
}

/**
 * Whole one-chunk files read lately, by attachment id, within a byte budget (the least recently used
 * go first). Reading a file's bytes from the database hands back a new buffer each time, and at a few
 * thousand downloads a second those buffers pile up outside V8's heap until its next collection:
 * a hot file answered from here costs neither the read nor the
 * buffer. A copy is never stale: an attachment's bytes never change under its id (a new upload is a
 * new attachment), the id and the row's SHA-256 must both match, and every download reads the row
 * (existence, visibility) before it asks here, so a deleted file's copy is evicted, never served.
 */
export class SmallFileCache {
  readonly #files = new Map<string, { sha256: string; bytes: Buffer }>()
  readonly #budgetBytes: number
  #totalBytes = 0

  constructor(budgetBytes: number) {
    this.#budgetBytes = budgetBytes
  }

  /** The whole content of `file`, if kept; it becomes the most recently used. */
  get(file: StoredFile): Buffer | undefined {
    const entry = this.#files.get(file.id)
    if (entry === undefined || entry.sha256 !== file.sha256) return undefined
    this.#files.delete(file.id)
    this.#files.set(file.id, entry)
    return entry.bytes
  }

  /** Keeps `bytes`, the whole content of `file`, evicting the least recently used past the budget. */
  keep(file: StoredFile, bytes: Buffer): void {
    // At most a quarter of the budget each, so one file cannot empty the cache for itself.
    if (bytes.length !== file.size || bytes.length > this.#budgetBytes / 4) return
    // A view into a larger buffer (a PostgreSQL row) would keep all of that alive: copied, into memory
    // of its own (Buffer.from would copy small ones into Node's shared 8 KiB pool, the same problem).
    let own = bytes
    if (bytes.byteOffset !== 0 || bytes.buffer.byteLength !== bytes.length) {
      own = Buffer.allocUnsafeSlow(bytes.length)
      bytes.copy(own)
    }
    this.#forget(file.id)
    this.#files.set(file.id, { sha256: file.sha256, bytes: own })
    this.#totalBytes += own.length
    for (const [id] of this.#files) {
      if (this.#totalBytes <= this.#budgetBytes) break
      this.#forget(id)
    }
  }

  /** Bytes kept now (for tests and the budget). */
  get totalBytes(): number {
    return this.#totalBytes
  }

  #forget(id: string): void {
    const entry = this.#files.get(id)
    if (entry === undefined) return
    this.#files.delete(id)
    this.#totalBytes -= entry.bytes.length
  }
}

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
 * byte holds them all (small files: one query, no stream, or none when `cache` has them), else a
 * stream that reads the rest chunk by chunk. Throws AttachmentGoneError when the file is gone before
 * its first byte is read.
 */
export async function attachmentBody(
  db: Db,
  file: StoredFile,
  range: ByteRange,
  cache?: SmallFileCache,
): Promise<Buffer | Readable> {
  const kept = cache?.get(file)
  if (kept !== undefined) return kept.subarray(range.start, range.end + 1)
  const { id } = file
  const first = await readAttachmentChunk(db, id, range.start)
  if (first === undefined) throw new AttachmentGoneError()
  // keep() takes it only if this chunk is the whole file.
  if (first.firstByte === 0) cache?.keep(file, first.bytes)
  if (first.firstByte + first.bytes.length > range.end) return sliceOf(first, range.start, range.end)
  return new AttachmentStream(db, id, range, first)
}
