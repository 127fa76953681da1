import type { Kysely } from 'kysely'

/** Users, their sessions, and the shared rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text')
    .addColumn('preferences', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  // Listing a user's sessions newest first, evicting the least recently used, sweeping the expired
  // (idle, or past the optional absolute cap).
  await db.schema.createIndex('sessions_user_id_id').on('sessions').columns(['user_id', 'id']).execute()
  await db.schema
    .createIndex('sessions_user_id_updated_at')
    .on('sessions')
    .columns(['user_id', 'updated_at'])
    .execute()
  await db.schema.createIndex('sessions_updated_at').on('sessions').column('updated_at').execute()
  await db.schema.createIndex('sessions_created_at').on('sessions').column('created_at').execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
  await db.schema.dropTable('sessions').execute()
  await db.schema.dropTable('users').execute()
}
