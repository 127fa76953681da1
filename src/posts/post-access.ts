import type { Db } from '../db/database.js'
import { rowCacheFor, type RowCacheOptions } from '../row-cache/row-cache.js'
import { findPostAccess, type PostAccessRow } from './posts.queries.js'

// Who may see a post (its author, visibility and hidden flag) is read for every comment written or
// listed on it, every file uploaded to it or listed, and every stream that follows it: on PostgreSQL a
// round trip each, for a row that seldom changes while its thread is busy. So what was read moments
// ago is kept, by post ID, in a row cache (row-cache/row-cache.ts says what keeps a copy true) under
// the rule below. A post that was not found is not kept: a post created next must be found.

/** Most posts kept: each entry is four short strings (about 300 bytes). */
const POST_ACCESS_ENTRIES = 10_000

const NAMES_POSTS = /\bposts\b/i
// A user's posts are deleted with the user (a foreign key's cascade), by a statement naming only users.
const DELETES_USERS = /\bdelete\s+from\s+"?users\b/i

/**
 * The post-access cache's rule for a write statement: it may change a row a copy holds when its SQL
 * names the posts table, or deletes users.
 */
export function writesPostAccess(sql: string): boolean {
  return NAMES_POSTS.test(sql) || DELETES_USERS.test(sql)
}

/** Who may see a post: read from the database, or a copy read moments ago. */
export interface PostAccess {
  /** The post's ID, author, visibility and hidden flag; undefined when there is no such post. */
  find(id: string): Promise<PostAccessRow | undefined>
  close(): Promise<void>
}

/** An app's post access, copies kept for `lifeMs` (POST_ACCESS_CACHE; 0 = every call reads). Close it on shutdown. */
export async function postAccessFor(
  db: Db,
  lifeMs: number,
  workers: number,
  log?: RowCacheOptions['log'],
): Promise<PostAccess> {
  const cache = await rowCacheFor<PostAccessRow>(db, {
    lifeMs,
    maxEntries: POST_ACCESS_ENTRIES,
    covers: writesPostAccess,
    workers,
    ...(log ? { log } : {}),
  })
  if (cache === undefined) {
    return { find: (id) => findPostAccess(db, id), close: () => Promise.resolve() }
  }
  return {
    async find(id) {
      const now = Date.now()
      const kept = cache.get(id, now)
      if (kept !== undefined) return kept
      const stamp = cache.stamp()
      const row = await findPostAccess(db, id)
      // Frozen: every caller shares the copy, so none may change it.
      if (row !== undefined && stamp !== undefined) cache.keep(id, Object.freeze(row), stamp, now)
      return row
    },
    close: () => cache.close(),
  }
}
