import type { Kysely } from 'kysely'
import { columnTypes } from '../database.js'

/** Posts, their attachments (bytes kept in the database), and comments on posts and attachments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) => col.notNull())
    // No foreign key: posts and attachments would reference each other. Deleting an attachment
    // clears the cover in the same transaction instead.
    .addColumn('cover_attachment_id', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  // The list paths, each read newest first straight from its index: an author's posts of every
  // visibility (their own view), one visibility of an author (others' view of them, the caller's own
  // private posts in the feed), and the public feed.
  await db.schema.createIndex('posts_user_id_id').on('posts').columns(['user_id', 'id']).execute()
  await db.schema
    .createIndex('posts_user_id_visibility_id')
    .on('posts')
    .columns(['user_id', 'visibility', 'id'])
    .execute()
  await db.schema.createIndex('posts_visibility_id').on('posts').columns(['visibility', 'id']).execute()

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    // Last, so reading the metadata never touches the bytes' overflow pages.
    .addColumn('content', columnTypes(db).binary, (col) => col.notNull())
    .execute()
  await db.schema.createIndex('attachments_post_id_id').on('attachments').columns(['post_id', 'id']).execute()

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('attachment_id', 'text', (col) => col.references('attachments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  // A post's direct comments (attachment_id IS NULL) and an attachment's comments, newest first;
  // user_id serves the cascade when an account is deleted.
  await db.schema
    .createIndex('comments_post_id_attachment_id_id')
    .on('comments')
    .columns(['post_id', 'attachment_id', 'id'])
    .execute()
  await db.schema
    .createIndex('comments_attachment_id_id')
    .on('comments')
    .columns(['attachment_id', 'id'])
    .execute()
  await db.schema.createIndex('comments_user_id').on('comments').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comments').execute()
  await db.schema.dropTable('attachments').execute()
  await db.schema.dropTable('posts').execute()
}
