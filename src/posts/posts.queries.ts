import type { Db } from '../db/database.js'
import type { PostRow } from '../db/tables.js'
import { paginate, toPage, type Page, type PageRequest } from '../http/pagination.js'

/** One page of an author's posts of every visibility, newest first (the author's own view). */
export async function listPostsByAuthor(db: Db, userId: string, page: PageRequest): Promise<Page<PostRow>> {
  const rows = await paginate(
    db.selectFrom('posts').selectAll().where('user_id', '=', userId),
    'posts',
    page,
  ).execute()
  return toPage(rows, page)
}
