import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../database.js'

/**
 * The live events' outbox: every change a subscriber could see appends its event here in the change's
 * own transaction, so a rolled-back change leaves none and a committed one is never lost. `id` is the
 * cursor streams resume from; `event_cursor` holds the last one handed out, in one row whose lock
 * (PostgreSQL) makes cursors commit in the order they were taken, so a reader that has seen cursor N
 * will never later find a smaller one appear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    // The post the event belongs to (the `posts/{id}` topic); null for account events.
    .addColumn('post_id', 'text')
    // Who sees it when it is private: the post's author, or the account itself for `me` events.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) => col.notNull())
    // A post's visibility before an update that changed it: who gains or loses sight of it.
    .addColumn('previous_visibility', 'text')
    // The `data` of the event as JSON text: the resource as its GET answers, or {id, post_id?}.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  // The retention job finds the newest event older than its cutoff.
  await db.schema.createIndex('events_created_at').on('events').column('created_at').execute()
  await db.schema
    .createTable('event_cursor')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute()
  if (dialectOf(db) === 'postgres') {
    // Every instance listens (events/hub.ts); the notification carries only the newest cursor, and
    // PostgreSQL sends it at the commit, never for a rolled-back change. A trigger, so the write costs
    // no extra round trip.
    await sql`
      create function quire_notify_events() returns trigger language plpgsql as $$
      begin
        perform pg_notify('quire_events', (select max(id) from inserted)::text);
        return null;
      end $$`.execute(db)
    await sql`
      create trigger events_notify after insert on events referencing new table as inserted
      for each statement execute function quire_notify_events()`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists events_notify on events`.execute(db)
    await sql`drop function if exists quire_notify_events()`.execute(db)
  }
  await db.schema.dropTable('event_cursor').execute()
  await db.schema.dropTable('events').execute()
}
