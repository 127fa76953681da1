import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { AuditEventRow } from '../db/tables.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'

const insertAuditEventQuery = compiledQuery((db, row: AuditEventRow) =>
  db.insertInto('audit_events').values(row),
)

/** Appends one audit event; run it in the transaction of the action it records. */
export async function insertAuditEvent(db: Db, row: AuditEventRow): Promise<void> {
  await insertAuditEventQuery.changed(db, row)
}

const auditEvents = compiledQuery((db, v: PageWindow) =>
  paginate(db.selectFrom('audit_events').selectAll(), 'audit_events', v),
)

/** One page of the audit log, newest first. */
export async function listAuditEvents(db: Db, page: PageRequest): Promise<Page<AuditEventRow>> {
  return toPage(await auditEvents.rows(db, pageWindow(page)), page)
}
