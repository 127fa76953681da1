import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../database.js'
import { rebuildSqliteEvents } from './2026-11-27-03-event-sequence.js'

/**
 * An event's insert writes only the events table. The `created_at` index goes: the retention job walks
 * the outbox from its oldest cursor along the primary key instead (events/events.queries.ts), so no
 * write maintains a second tree for it. On SQLite the cursor becomes a plain rowid: `AUTOINCREMENT`
 * kept its counter in `sqlite_sequence`, one more page written by every event's transaction. The
 * insert numbers the first event past both the newest kept event and the watermark
 * (event-log/event-log.queries.ts), which is the counter's number: SQLite commits one writer at a
 * time and hands out no cursor to a change that rolls back, so every number it handed out is either
 * kept or trimmed through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index events_created_at`.execute(db)
    return
  }
  // A counter past every kept event and the watermark holds numbers handed out to changes that left
  // no row (possible only under the cursor row of 2026-11-27-02): the watermark takes them in, so the
  // next cursor still follows every number handed out. Events at or below it are trimmed with them.
  await sql`
    insert into event_watermark (id, trimmed_through)
    select 1, seq from sqlite_sequence
    where name = 'events'
      and seq > coalesce((select max(id) from events), 0)
      and seq > coalesce((select trimmed_through from event_watermark where id = 1), 0)
    on conflict (id) do update set trimmed_through = excluded.trimmed_through`.execute(db)
  await sql`
    delete from events
    where id <= coalesce((select trimmed_through from event_watermark where id = 1), 0)`.execute(db)
  await rebuildSqliteEvents(db, 'rowid', false)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.createIndex('events_created_at').on('events').column('created_at').execute()
    return
  }
  await rebuildSqliteEvents(db, 'autoincrement', true)
  // The copied rows set the counter to their newest cursor; the watermark may be past it.
  await sql`
    insert into sqlite_sequence (name, seq) select 'events', 0
    where not exists (select 1 from sqlite_sequence where name = 'events')`.execute(db)
  await sql`
    update sqlite_sequence
    set seq = max(seq, coalesce((select trimmed_through from event_watermark where id = 1), 0))
    where name = 'events'`.execute(db)
}
