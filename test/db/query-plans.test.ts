import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import {
  findCommentsWithPosts,
  findCommentWithPost,
  listAttachmentComments,
  listPostComments,
} from '../../src/comments/comments.queries.js'
import {
  findAttachmentsWithPosts,
  findAttachmentWithPost,
  findPostWithAttachment,
  listPostAttachments,
  readAttachmentChunk,
} from '../../src/attachments/attachments.queries.js'
import { listUsers, lockActiveAdminIds } from '../../src/accounts/users.queries.js'
import { listAuditEvents } from '../../src/audit/audit.queries.js'
import type { Db } from '../../src/db/database.js'
import {
  findEventsAfterWithSnapshot,
  latestEventId,
  oldestKeptEvents,
  resumableAfter,
} from '../../src/events/events.queries.js'
import { findReportById, listReports, resolveItemReports } from '../../src/reports/reports.queries.js'
import type { Tables } from '../../src/db/tables.js'
import type { PageRequest } from '../../src/db/pagination.js'
import {
  findPostAccess,
  findPostById,
  findPostsByIds,
  listPostsByAuthor,
  listPostsVisibleTo,
  listPublicPosts,
  listPublicPostsByAuthor,
} from '../../src/posts/posts.queries.js'
import {
  findStorageUsed,
  lockStorage,
  releaseStorage,
  reserveStorage,
  sumPostAttachmentBytes,
} from '../../src/storage/storage.queries.js'
import { buildTestApp, registerAndLogin, TEST_ENGINE, UNLIMITED_WRITES } from '../helpers.js'
import { createAttachment, createComment, createPost } from '../content-helpers.js'

// Runs the real query functions against a second Kysely over the same SQLite file whose log captures
// the SQL and parameters they send, then asks SQLite how it would run each one. Every read of a
// content table must be an index SEARCH (never a SCAN of the table), and the single-table lists must
// take their newest-first order from the index rather than sorting.

interface CapturedQuery {
  sql: string
  parameters: readonly unknown[]
}

interface PlanRow {
  detail: string
}

const CONTENT_TABLES = [
  'posts',
  'attachments',
  'attachment_chunks',
  'comments',
  'users',
  'reports',
  'audit_events',
]

/** A node of PostgreSQL's `EXPLAIN (ANALYZE, FORMAT JSON)` plan. */
interface PostgresPlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PostgresPlanNode[]
}

/** How many rows of `table` a plan read (returned or filtered away), over all its scans of it. */
function rowsRead(node: PostgresPlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0)
}

describe('query plans', () => {
  it('every content list, lookup and cascade query reads an index (SQLite EXPLAIN QUERY PLAN)', async (t) => {
    const { app, config } = await buildTestApp(t, UNLIMITED_WRITES, { engine: 'sqlite' })
    if (config.database.kind !== 'sqlite') throw new Error('this test needs SQLite')
    const author = await registerAndLogin(app)
    // A few rows of each kind; no ANALYZE, so the planner judges by the schema as it would on a large
    // database (statistics from a handful of rows would make a table scan look cheaper than any index).
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    for (let i = 0; i < 30; i++) {
      const other = await createPost(app, author, { visibility: i % 2 === 0 ? 'public' : 'private' })
      await createComment(app, author, other.id)
    }
    await createComment(app, author, post.id, attachment.id)

    const sqlite = new SQLite(config.database.path)
    t.after(() => sqlite.close())
    const captured: CapturedQuery[] = []
    const logged: Db = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: new SQLite(config.database.path) }),
      log: (event) => {
        if (event.level === 'query') {
          captured.push({ sql: event.query.sql, parameters: event.query.parameters })
        }
      },
    })
    t.after(() => logged.destroy())

    const pages: PageRequest[] = [{ limit: 20 }, { limit: 20, afterId: post.id }, { limit: 20, offset: 40 }]
    const missing = '01900000-0000-7000-8000-000000000000'
    // `wholeTable`: a list of every row (the audit log, the accounts) walks its primary key's index in
    // order and stops once the page is full: a scan of the index, never of the table.
    const run: Array<[string, () => Promise<unknown>, { sorted?: boolean; wholeTable?: boolean }]> = []
    const anonymous = { all: false, ownerId: undefined }
    const reader = { all: false, ownerId: author.id }
    const everything = { all: true, ownerId: author.id }
    for (const page of pages) {
      const label = page.afterId ? 'after a token' : page.offset ? 'at an offset' : 'first page'
      run.push(
        [`listPostsByAuthor, ${label}`, () => listPostsByAuthor(logged, author.id, page), {}],
        [
          `listPublicPostsByAuthor, ${label}`,
          () => listPublicPostsByAuthor(logged, author.id, page, false),
          {},
        ],
        [
          `listPublicPostsByAuthor with hidden posts, ${label}`,
          () => listPublicPostsByAuthor(logged, author.id, page, true),
          {},
        ],
        [`listPublicPosts, ${label}`, () => listPublicPosts(logged, page, false), {}],
        [`listPublicPosts with hidden posts, ${label}`, () => listPublicPosts(logged, page, true), {}],
        // Merges index-ordered runs of IDs (covering indexes): no sort, however deep the offset.
        [`listPostsVisibleTo, ${label}`, () => listPostsVisibleTo(logged, author.id, page, false), {}],
        [
          `listPostsVisibleTo with hidden posts, ${label}`,
          () => listPostsVisibleTo(logged, author.id, page, true),
          {},
        ],
        [`listPostAttachments, ${label}`, () => listPostAttachments(logged, post.id, page), {}],
        [`listPostComments, ${label}`, () => listPostComments(logged, post.id, page, anonymous), {}],
        [
          `listPostComments for a reader, ${label}`,
          () => listPostComments(logged, post.id, page, reader),
          {},
        ],
        [
          `listPostComments for a moderator, ${label}`,
          () => listPostComments(logged, post.id, page, everything),
          {},
        ],
        [`listReports, ${label}`, () => listReports(logged, 'open', page), {}],
        [`listAuditEvents, ${label}`, () => listAuditEvents(logged, page), { wholeTable: true }],
        [`listUsers, ${label}`, () => listUsers(logged, undefined, page), { wholeTable: true }],
        // An email prefix is a range of the email index; its matches are sorted by ID.
        [`listUsers by email prefix, ${label}`, () => listUsers(logged, 'user', page), { sorted: true }],
        [
          `listAttachmentComments, ${label}`,
          () => listAttachmentComments(logged, attachment.id, page, anonymous),
          {},
        ],
        [
          `listAttachmentComments for a reader, ${label}`,
          () => listAttachmentComments(logged, attachment.id, page, reader),
          {},
        ],
      )
    }
    run.push(
      ['findPostById', () => findPostById(logged, post.id), {}],
      ['findPostAccess', () => findPostAccess(logged, post.id), {}],
      ['findAttachmentWithPost', () => findAttachmentWithPost(logged, attachment.id), {}],
      ['findPostWithAttachment', () => findPostWithAttachment(logged, post.id, attachment.id), {}],
      ['readAttachmentChunk', () => readAttachmentChunk(logged, attachment.id, 0), {}],
      ['findCommentWithPost', () => findCommentWithPost(logged, missing), {}],
      ['findReportById', () => findReportById(logged, missing), {}],
      // What `/v1/reports?include=target` reads: each type of item by its IDs, with its post.
      ['findPostsByIds', () => findPostsByIds(logged, [post.id, missing]), {}],
      ['findAttachmentsWithPosts', () => findAttachmentsWithPosts(logged, [attachment.id, missing]), {}],
      ['findCommentsWithPosts', () => findCommentsWithPosts(logged, [missing, post.id]), {}],
      ['lockActiveAdminIds', () => lockActiveAdminIds(logged), {}],
      [
        'resolveItemReports',
        () =>
          resolveItemReports(
            logged,
            { target_type: 'post', target_id: missing },
            { action: 'hide', note: null, resolverId: missing, now: 0 },
          ),
        {},
      ],
      // The storage quota's counter (one row by primary key) and what deleting a post frees.
      ['reserveStorage', () => reserveStorage(logged, author.id, 10, 1000), {}],
      ['releaseStorage', () => releaseStorage(logged, author.id, 10), {}],
      ['lockStorage', () => lockStorage(logged, author.id), {}],
      ['findStorageUsed', () => findStorageUsed(logged, author.id), {}],
      ['sumPostAttachmentBytes', () => sumPostAttachmentBytes(logged, post.id), {}],
    )

    for (const [name, query, { sorted = false, wholeTable = false }] of run) {
      captured.length = 0
      await query()
      assert.equal(captured.length, 1, `${name} runs one statement`)
      const [statement] = captured
      if (!statement) continue
      const plan = sqlite
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .all(...(statement.parameters as unknown[])) as PlanRow[]
      const details = plan.map((row) => row.detail)
      const description = `${name}\n${statement.sql}\n${details.join('\n')}`
      const tableReads = details.filter((detail) =>
        CONTENT_TABLES.some((table) => new RegExp(`^(SCAN|SEARCH) ${table}\\b`).test(detail)),
      )
      assert.ok(tableReads.length > 0, `${description}\nreads a content table`)
      for (const detail of tableReads) {
        const indexRead = wholeTable
          ? /^(SEARCH|SCAN) \w+ USING (COVERING )?INDEX /
          : /^SEARCH \w+ USING (COVERING )?INDEX /
        assert.match(detail, indexRead, `${description}\nis an index search`)
      }
      if (!sorted) {
        assert.ok(!details.some((detail) => detail.includes('TEMP B-TREE')), `${description}\nneeds no sort`)
      }
    }
  })
})

describe('query plans on PostgreSQL', () => {
  it(
    'the signed-in feed reads about what its page needs, with or without statistics (EXPLAIN ANALYZE)',
    { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
    async (t) => {
      const { app, databaseUrl } = await buildTestApp(t, {}, { engine: 'postgres' })
      const caller = await registerAndLogin(app)
      const other = await registerAndLogin(app)
      // The app's clean-up drops the database, ending these connections if the test failed before
      // closing them.
      const client = new pg.Client({ connectionString: databaseUrl })
      client.on('error', () => undefined)
      await client.connect()
      t.after(() => client.end().catch(() => undefined))
      // Posts with IDs in creation order; every fifth is private, one in seven is the caller's.
      const insertPosts = (from: number, to: number): Promise<unknown> =>
        client.query(
          `insert into posts (id, user_id, title, body, visibility, version, created_at, updated_at)
           select lpad(to_hex(i), 8, '0') || '-0000-7000-8000-000000000000',
                  case when i % 7 = 0 then $1 else $2 end, 'Post ' || i, '',
                  case when i % 5 = 4 then 'private' else 'public' end, 1, i, i
             from generate_series($3::int, $4::int) as i`,
          [caller.id, other.id, from, to],
        )
      const captured: Array<{ sql: string; parameters: readonly unknown[] }> = []
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
      pool.on('error', () => undefined)
      const logged: Db = new Kysely<Tables>({
        dialect: new PostgresDialect({ pool }),
        log: (event) => {
          if (event.level === 'query')
            captured.push({ sql: event.query.sql, parameters: event.query.parameters })
        },
      })
      t.after(() => logged.destroy().catch(() => undefined))

      const read = async (page: PageRequest): Promise<{ rows: number; plan: string }> => {
        captured.length = 0
        const listed = await listPostsVisibleTo(logged, caller.id, page, false)
        assert.equal(listed.rows.length, page.limit)
        const [statement] = captured
        assert.ok(statement, 'the list ran a statement')
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PostgresPlanNode }> }>(
          `explain (analyze, format json) ${statement.sql}`,
          [...statement.parameters],
        )
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan
        assert.ok(plan)
        return { rows: rowsRead(plan, 'posts'), plan: JSON.stringify(plan, null, 1) }
      }

      const firstPage = { limit: 20 }
      const tokenPage = { limit: 20, afterId: '00002710-0000-7000-8000-000000000000' } // after post 10,000
      const offsetPage = { limit: 20, offset: 5000 }
      // A page of 20 needs 21 IDs from each run and 21 rows by key; some slack, never a whole run. The
      // previous shape read (and sorted) every visible post: 16,000 here, with statistics or without.
      const assertReads = async (page: PageRequest, most: number, when: string): Promise<void> => {
        const { rows, plan } = await read(page)
        assert.ok(rows <= most, `${when}, ${JSON.stringify(page)}: read ${rows} rows\n${plan}`)
      }

      // Bulk-loaded and never analysed (a data copy or restore with autovacuum off): the planner guesses
      // 0.5 % of the rows are public, still more than a page, so the first page reads its index in order.
      await insertPosts(1, 20_000)
      await assertReads(firstPage, 200, 'no statistics')

      // What autovacuum leaves: statistics that lag behind the table (analysed at a twentieth of its size).
      await client.query('truncate posts cascade')
      await insertPosts(1, 1000)
      await client.query('analyze posts')
      await insertPosts(1001, 20_000)
      await assertReads(firstPage, 200, 'stale statistics')
      await assertReads(tokenPage, 200, 'stale statistics')

      // Vacuumed and analysed: a deep offset skips index entries, at most offset + page from each run.
      await client.query('vacuum analyze posts')
      await assertReads(firstPage, 200, 'fresh statistics')
      await assertReads(tokenPage, 200, 'fresh statistics')
      await assertReads(offsetPage, 2 * 5021 + 21, 'fresh statistics')
      await logged.destroy()
      await client.end()
    },
  )

  it(
    'the live events are read by cursor along the key, with the snapshot (EXPLAIN ANALYZE)',
    { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
    async (t) => {
      const { databaseUrl } = await buildTestApp(t, {}, { engine: 'postgres' })
      const client = new pg.Client({ connectionString: databaseUrl })
      client.on('error', () => undefined)
      await client.connect()
      t.after(() => client.end().catch(() => undefined))
      await client.query(
        `insert into events (type, post_id, owner_id, visibility, payload, created_at)
         select 'post.created', null, 'u', 'public', '{}', i from generate_series(1, 20000) as i`,
      )
      await client.query('insert into event_watermark (id, trimmed_through) values (1, 5)')
      await client.query('analyze events')
      const captured: Array<{ sql: string; parameters: readonly unknown[] }> = []
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
      pool.on('error', () => undefined)
      const logged: Db = new Kysely<Tables>({
        dialect: new PostgresDialect({ pool }),
        log: (event) => {
          if (event.level === 'query')
            captured.push({ sql: event.query.sql, parameters: event.query.parameters })
        },
      })
      t.after(() => logged.destroy().catch(() => undefined))
      const rowsReadBy = async (run: () => Promise<unknown>, table = 'events'): Promise<number> => {
        captured.length = 0
        await run()
        assert.equal(captured.length, 1, 'the read is one statement')
        const [statement] = captured
        assert.ok(statement, 'the read ran a statement')
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PostgresPlanNode }> }>(
          `explain (analyze, format json) ${statement.sql}`,
          [...statement.parameters],
        )
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan
        assert.ok(plan)
        return rowsRead(plan, table)
      }
      // A batch of 500 after a cursor reads the batch (and one more at most), not the table.
      const read = await rowsReadBy(() => findEventsAfterWithSnapshot(logged, 10_000, 500))
      assert.ok(read <= 501, `read ${read} rows`)
      // The retention job walks from the watermark along the key: a step reads its batch.
      const oldest = await rowsReadBy(() => oldestKeptEvents(logged, 500))
      assert.ok(oldest <= 501, `read ${oldest} rows`)
      // The newest cursor is the key's last entry.
      const latest = await rowsReadBy(() => latestEventId(logged))
      assert.ok(latest <= 1, `read ${latest} rows`)
      // Whether a stream may resume: the watermark's one row by key and the newest cursor, one statement.
      for (const table of ['events', 'event_watermark']) {
        const resume = await rowsReadBy(() => resumableAfter(logged, 10_000), table)
        assert.ok(resume <= 1, `read ${resume} rows of ${table}`)
      }
    },
  )
})
