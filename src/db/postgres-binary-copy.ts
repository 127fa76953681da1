import { sql, type Expression, type RawBuilder } from 'kysely'
import type pg from 'pg'
import { pgModule } from './pg-module.js'

// node-postgres receives every result column as text (its protocol parser has no binary mode), and
// PostgreSQL writes a bytea as hex: twice its size, encoded by the server and decoded again by the
// client, which for an attachment chunk is most of a download's cost on both sides. COPY … TO
// STDOUT (FORMAT binary) is the one way node-postgres hands over bytes as they are stored, so a chunk
// crosses the wire once, at its own size, with nothing to encode or decode (docs/performance.md).
//
// A query wrapped in binaryCopy() compiles and runs like any other (Kysely, compiled.ts, the pool and
// its liveness watch): every pooled connection recognises the wrapper's SQL and runs it through the
// COPY sub-protocol instead. COPY takes no bind parameters, so the values are written into the SQL as
// literals by node-postgres's own escaping; a wrapped query's text must therefore hold `$` only in its
// placeholders (Kysely's compiled SQL does: identifiers are quoted, values are parameters). Its rows
// come back as arrays of raw fields in the selected order, null for SQL NULL; the caller knows the
// types it selected (a bigint is 8 bytes big-endian).

const PREFIX = 'copy ('
const SUFFIX = ') to stdout (format binary)'

/** One row of a binary COPY: each selected column's raw bytes, or null. */
export type BinaryRow = (Buffer | null)[]

/** `query` to run with its result in PostgreSQL's binary format (PostgreSQL only). */
export function binaryCopy(query: Expression<unknown>): RawBuilder<BinaryRow> {
  return sql<BinaryRow>`copy (${query}) to stdout (format binary)`
}

/** A bind parameter written as a SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'bigint') return String(value)
  if (typeof value === 'string') return pgModule().escapeLiteral(value)
  throw new TypeError(`a binary COPY takes strings and numbers as values, not ${typeof value}`)
}

/** The 11-byte signature, then a flags word and the length of a header extension. */
const SIGNATURE_BYTES = 11

/** The rows of a binary COPY's output (its CopyData messages joined; the trailer may be left off). */
function parseBinaryCopy(data: Buffer): BinaryRow[] {
  let offset = SIGNATURE_BYTES + 4
  offset += 4 + data.readInt32BE(offset)
  const rows: BinaryRow[] = []
  while (offset < data.length) {
    const fieldCount = data.readInt16BE(offset)
    offset += 2
    if (fieldCount === -1) break
    const row: BinaryRow = new Array<Buffer | null>(fieldCount)
    for (let field = 0; field < fieldCount; field += 1) {
      const length = data.readInt32BE(offset)
      offset += 4
      if (length === -1) row[field] = null
      else {
        if (offset + length > data.length) throw new Error('a binary COPY ended inside a field')
        row[field] = data.subarray(offset, offset + length)
        offset += length
      }
    }
    rows.push(row)
  }
  return rows
}

/** The trailer PostgreSQL sends as a message of its own after the last row: a field count of -1. */
function isTrailer(chunk: Buffer | undefined): boolean {
  return chunk?.length === 2 && chunk.readInt16BE(0) === -1
}

interface CopyResult {
  command: 'COPY'
  rowCount: number
  rows: BinaryRow[]
}

/** A COPY … TO STDOUT run on one connection, as node-postgres runs custom queries ("submittables"). */
class BinaryCopyQuery {
  readonly #text: string
  readonly #chunks: Buffer[] = []
  #failed = false
  readonly result: Promise<CopyResult>
  #resolve: (result: CopyResult) => void = () => undefined
  #reject: (error: Error) => void = () => undefined

  constructor(text: string) {
    this.#text = text
    this.result = new Promise((resolve, reject) => {
      this.#resolve = resolve
      this.#reject = reject
    })
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.#text)
  }

  handleCopyData(message: { chunk: Buffer }): void {
    // The message is a view into the parser's buffer, which later socket reads may overwrite: copy it.
    this.#chunks.push(Buffer.from(message.chunk))
  }

  handleError(error: Error): void {
    // A server error is followed by ReadyForQuery, a lost connection by nothing: settle now either way.
    this.#failed = true
    this.#reject(error)
  }

  handleReadyForQuery(): void {
    if (this.#failed) return
    const chunks = this.#chunks
    // One row usually arrives in one message with the header, the trailer in another: skip joining.
    if (chunks.length > 1 && isTrailer(chunks[chunks.length - 1])) chunks.pop()
    try {
      const rows = parseBinaryCopy(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
      this.#resolve({ command: 'COPY', rowCount: rows.length, rows })
    } catch (error) {
      this.#reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  // The other messages of a COPY carry nothing this query needs.
  handleCopyOutResponse(): void {}
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
}

type QueryFunction = (...args: unknown[]) => unknown

/** Makes every connection of `pool` run binaryCopy() queries through the COPY sub-protocol. */
export function useBinaryCopy(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction
    const copying: QueryFunction = (...args) => {
      const [text, values] = args
      if (typeof text !== 'string' || !text.startsWith(PREFIX) || !text.endsWith(SUFFIX))
        return query(...args)
      const parameters: unknown[] = Array.isArray(values) ? values : []
      let inlined: string
      try {
        inlined = text.replace(/\$(\d+)/g, (placeholder, index: string) => {
          if (Number(index) > parameters.length) throw new RangeError(`no value for ${placeholder}`)
          return literal(parameters[Number(index) - 1])
        })
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      const copy = new BinaryCopyQuery(inlined)
      query(copy)
      return copy.result
    }
    client.query = copying as typeof client.query
  })
}
