import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../database.js'

/**
 * Roles, disabled accounts, hidden posts and comments, reports and the audit log. Hiding is a 0/1 flag
 * (beside when and why) rather than a nullable time, so the public feed's index can take `hidden = 0` as
 * an equality and still read newest first on both engines. Reports and audit events name their target by
 * type and ID without a foreign key: they stay the record of what happened after the item is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  // Counting (and locking) the active admins: the last one may not step down.
  await db.schema.createIndex('users_role_id').on('users').columns(['role', 'id']).execute()
  // Admins search accounts by email prefix, a range compared byte by byte: SQLite's unique index on
  // email already is; PostgreSQL's follows the database's collation, so it gets one in "C".
  if (dialectOf(db) === 'postgres') {
    await sql`create index users_email_bytewise on users (email collate "C")`.execute(db)
  }

  for (const table of ['posts', 'comments']) {
    await db.schema
      .alterTable(table)
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable(table).addColumn('hidden_at', 'bigint').execute()
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute()
  }
  // The public feed of shown posts, newest first, covering the merge of the signed-in feed; an author's
  // own hidden posts (few) for their view of the feed.
  await db.schema
    .createIndex('posts_visibility_hidden_id')
    .on('posts')
    .columns(['visibility', 'hidden', 'id'])
    .execute()
  await db.schema
    .createIndex('posts_user_id_hidden_id')
    .on('posts')
    .columns(['user_id', 'hidden', 'id'])
    .execute()

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reporter_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    // The post the item is on (the item itself for a post): its links are built from it.
    .addColumn('post_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('action', 'text')
    .addColumn('resolution_note', 'text')
    .addColumn('resolver_id', 'text')
    .addColumn('resolved_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  // The queue, oldest first within a status.
  await db.schema.createIndex('reports_status_id').on('reports').columns(['status', 'id']).execute()
  // One open report per user and item; resolved ones do not count, so the item may be reported again.
  await sql`create unique index reports_open_once on reports (reporter_id, target_type, target_id) where status = 'open'`.execute(
    db,
  )
  // Resolving every open report on an item at once, and the cascade when a reporter's account goes.
  await db.schema
    .createIndex('reports_target_type_target_id_status')
    .on('reports')
    .columns(['target_type', 'target_id', 'status'])
    .execute()
  await db.schema.createIndex('reports_reporter_id').on('reports').column('reporter_id').execute()

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Null for the command line; no foreign key, so an actor's deleted account leaves the log whole.
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute()
  await db.schema.dropTable('reports').execute()
  await db.schema.dropIndex('posts_user_id_hidden_id').execute()
  await db.schema.dropIndex('posts_visibility_hidden_id').execute()
  for (const table of ['comments', 'posts']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute()
    await db.schema.alterTable(table).dropColumn('hidden_at').execute()
    await db.schema.alterTable(table).dropColumn('hidden').execute()
  }
  if (dialectOf(db) === 'postgres') await sql`drop index users_email_bytewise`.execute(db)
  await db.schema.dropIndex('users_role_id').execute()
  await db.schema.alterTable('users').dropColumn('disabled').execute()
  await db.schema.alterTable('users').dropColumn('role').execute()
}
