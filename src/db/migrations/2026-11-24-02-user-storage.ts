import { sql, type Kysely } from 'kysely'

/**
 * `users.storage_bytes`: the total size of the attachments on a user's posts, kept beside the quota
 * (USER_STORAGE_MAX_BYTES) it is checked against. A counter rather than a sum at upload time: one row
 * to update (and lock) makes the check atomic on both engines, and costs the same however many files
 * the user has. Filled here from the attachments already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('storage_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()
  await sql`update users set storage_bytes = coalesce((
      select sum(attachments.size) from attachments
      join posts on posts.id = attachments.post_id
      where posts.user_id = users.id), 0)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('storage_bytes').execute()
}
