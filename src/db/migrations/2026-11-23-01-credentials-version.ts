import type { Kysely } from 'kysely'

/** `users.credentials_version`: bumped by every password change, checked when a login creates its session. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('credentials_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('credentials_version').execute()
}
