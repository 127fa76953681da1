import { sql, type Kysely } from 'kysely'
import { columnTypes } from '../database.js'

// Bytes per chunk for the files this migration moves. Readers never assume it: every chunk records the
// offset of its first byte, so a later build may store other sizes beside these.
const CHUNK_BYTES = 256 * 1024

/**
 * Attachment bytes move from one value per file to chunks of 256 KiB, one row each, so a download
 * reads a bounded slice per query. A SQLite `substr()` of a BLOB loads the whole value first (a
 * file-sized allocation per read), so reading a file by ranges of a single
 * value would cost time quadratic in its size; chunk rows cost only what they hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attachment_chunks')
    .addColumn('attachment_id', 'text', (col) =>
      col.notNull().references('attachments.id').onDelete('cascade'),
    )
    // The offset in the file of the chunk's first byte.
    .addColumn('first_byte', 'bigint', (col) => col.notNull())
    .addColumn('bytes', columnTypes(db).binary, (col) => col.notNull())
    // Also serves the cascade when an attachment is deleted.
    .addPrimaryKeyConstraint('attachment_chunks_pkey', ['attachment_id', 'first_byte'])
    .execute()

  // One file at a time, so the move needs memory for one file, not for the table.
  for (let after = ''; ;) {
    const { rows } = await sql<{ id: string; content: Buffer }>`
      select id, content from attachments where id > ${after} order by id limit 1`.execute(db)
    const row = rows[0]
    if (!row) break
    for (let first = 0; first < row.content.length; first += CHUNK_BYTES) {
      const bytes = row.content.subarray(first, first + CHUNK_BYTES)
      await sql`insert into attachment_chunks (attachment_id, first_byte, bytes)
        values (${row.id}, ${first}, ${bytes})`.execute(db)
    }
    after = row.id
  }
  await db.schema.alterTable('attachments').dropColumn('content').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // '' is an empty bytea on PostgreSQL; on SQLite every row is rewritten below anyway.
  await db.schema
    .alterTable('attachments')
    .addColumn('content', columnTypes(db).binary, (col) => col.notNull().defaultTo(sql`''`))
    .execute()
  for (let after = ''; ;) {
    const { rows } = await sql<{ id: string }>`
      select id from attachments where id > ${after} order by id limit 1`.execute(db)
    const row = rows[0]
    if (!row) break
    const chunks = await sql<{ bytes: Buffer }>`
      select bytes from attachment_chunks where attachment_id = ${row.id} order by first_byte`.execute(db)
    const content = Buffer.concat(chunks.rows.map((chunk) => chunk.bytes))
    await sql`update attachments set content = ${content} where id = ${row.id}`.execute(db)
    after = row.id
  }
  await db.schema.dropTable('attachment_chunks').execute()
}
