import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import {
  findCommentById,
  listAttachmentComments,
  listPostComments,
} from '../../src/comments/comments.queries.js'
import {
  findAttachmentById,
  findPostAttachment,
  listPostAttachments,
  readAttachmentChunk,
} from '../../src/attachments/attachments.queries.js'
import type { Db } from '../../src/db/database.js'
import type { Tables } from '../../src/db/tables.js'
import type { PageRequest } from '../../src/http/pagination.js'
import {
  findPostById,
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
import { buildTestApp, registerAndLogin, UNLIMITED_WRITES } from '../helpers.js'
import { createAttachment, createComment, createPost } from './content-helpers.js'

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

const CONTENT_TABLES = ['posts', 'attachments', 'attachment_chunks', 'comments', 'users']

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
    const run: Array<[string, () => Promise<unknown>, { sorted?: boolean }]> = []
    for (const page of pages) {
      const label = page.afterId ? 'after a token' : page.offset ? 'at an offset' : 'first page'
      run.push(
        [`listPostsByAuthor, ${label}`, () => listPostsByAuthor(logged, author.id, page), {}],
        [`listPublicPostsByAuthor, ${label}`, () => listPublicPostsByAuthor(logged, author.id, page), {}],
        [`listPublicPosts, ${label}`, () => listPublicPosts(logged, page), {}],
        // Merges two index-ordered runs of IDs (covering indexes): no sort, however deep the offset.
        [`listPostsVisibleTo, ${label}`, () => listPostsVisibleTo(logged, author.id, page), {}],
        [`listPostAttachments, ${label}`, () => listPostAttachments(logged, post.id, page), {}],
        [`listPostComments, ${label}`, () => listPostComments(logged, post.id, page), {}],
        [`listAttachmentComments, ${label}`, () => listAttachmentComments(logged, attachment.id, page), {}],
      )
    }
    run.push(
      ['findPostById', () => findPostById(logged, post.id), {}],
      ['findAttachmentById', () => findAttachmentById(logged, attachment.id), {}],
      ['findPostAttachment', () => findPostAttachment(logged, post.id, attachment.id), {}],
      ['readAttachmentChunk', () => readAttachmentChunk(logged, attachment.id, 0), {}],
      ['findCommentById', () => findCommentById(logged, missing), {}],
      // The storage quota's counter (one row by primary key) and what deleting a post frees.
      ['reserveStorage', () => reserveStorage(logged, author.id, 10, 1000), {}],
      ['releaseStorage', () => releaseStorage(logged, author.id, 10), {}],
      ['lockStorage', () => lockStorage(logged, author.id), {}],
      ['findStorageUsed', () => findStorageUsed(logged, author.id), {}],
      ['sumPostAttachmentBytes', () => sumPostAttachmentBytes(logged, post.id), {}],
    )

    for (const [name, query, { sorted = false }] of run) {
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
        assert.match(detail, /^SEARCH \w+ USING (COVERING )?INDEX /, `${description}\nis an index search`)
      }
      if (!sorted) {
        assert.ok(!details.some((detail) => detail.includes('TEMP B-TREE')), `${description}\nneeds no sort`)
      }
    }
  })
})
