// The benchmark's data set, written straight to the database in batched multi-row inserts inside
// transactions rather than through the API: HTTP and an argon2 hash per user would make the full data
// set slow to build, and none of that is what the benchmark measures.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { dialectOf, type Db } from '../src/db/database.js'
import type { Tables } from '../src/db/tables.js'
import { newId } from '../src/ids.js'
import { hashPassword, normalizePassword } from '../src/accounts/passwords.js'

/** The password of every seeded user. */
export const SEED_PASSWORD = 'correct horse battery staple'

// Rows per INSERT: below SQLite's 32,766 and PostgreSQL's 65,535 bind parameters at 10 columns.
const BATCH_ROWS = 1000

/** What the scenarios need to address: the benchmark user, its token, and content to read. */
export interface SeededData {
  userIds: string[]
  /** The user every signed-in scenario acts as (owns some private posts, so the feed merges). */
  benchUserId: string
  benchToken: string
  /** A second user, only for the login scenario (its sessions churn without evicting the bench token). */
  loginEmail: string
  /** A public post with comments and an attachment. */
  postId: string
  attachmentId: string
  posts: number
  sessions: number
  comments: number
  attachments: number
}

async function insertBatched(
  db: Db,
  table: keyof Tables,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      // Rows are built to the table's shape above; Kysely cannot check a table name chosen at run time.
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + BATCH_ROWS))
        .execute()
    }
  })
}

const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et ' +
  'dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.'

let clock = Date.now() - 400 * 86_400_000

/** A creation time strictly after the previous one, so IDs and times order the same way. */
function nextTime(): number {
  clock += 1
  return clock
}

/** Adds posts spread over the users (every fifth of each user's posts private) until `total` exist. */
export async function seedPosts(db: Db, userIds: string[], from: number, total: number): Promise<void> {
  for (let start = from; start < total; start += 50_000) {
    const rows: Array<Record<string, unknown>> = []
    for (let i = start; i < Math.min(total, start + 50_000); i++) {
      const now = nextTime()
      rows.push({
        id: newId(now),
        user_id: userIds[i % userIds.length],
        title: `Post number ${i}`,
        body: LOREM,
        // By each user's own count: `i % 5` would make a user's posts all public or all private (the
        // user count is a multiple of 5), and the bench user's feed would have nothing of its own to merge.
        visibility: Math.floor(i / userIds.length) % 5 === 4 ? 'private' : 'public',
        cover_attachment_id: null,
        version: 1,
        created_at: now,
        updated_at: now,
      })
    }
    await insertBatched(db, 'posts', rows)
  }
}

/** Adds sessions (with random tokens nobody knows) spread over the users until `total` exist. */
export async function seedSessions(db: Db, userIds: string[], from: number, total: number): Promise<void> {
  const now = Date.now()
  for (let start = from; start < total; start += 50_000) {
    const rows: Array<Record<string, unknown>> = []
    for (let i = start; i < Math.min(total, start + 50_000); i++) {
      rows.push({
        id: newId(now),
        // The bench user's own session list stays small; everyone else's grows.
        user_id: userIds[1 + (i % (userIds.length - 1))],
        token_hash: randomBytes(32).toString('hex'),
        user_agent: 'bench',
        ip: '127.0.0.1',
        created_at: now,
        updated_at: now,
      })
    }
    await insertBatched(db, 'sessions', rows)
  }
}

/**
 * Gives PostgreSQL what autovacuum would have by the time a server holds this much data: statistics
 * (ANALYZE) and a visibility map (VACUUM, for index-only scans). Without them every plan is a guess
 * from default selectivities, which no running server sees. SQLite keeps no statistics unless told to,
 * and Quire never does, so there is nothing to do.
 */
export async function settle(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`vacuum analyze`.execute(db)
}

/**
 * The standard data set: `users` users, `posts` posts, `comments` comments (50 of them on the
 * scenario's post), `attachments` 100 KB attachments, and one session for the bench user.
 */
export async function seed(
  db: Db,
  counts: { users: number; posts: number; comments: number; attachments: number },
): Promise<SeededData> {
  // One argon2 hash shared by every user: computing 1,000 would take longer than the rest together.
  const passwordHash = await hashPassword(normalizePassword(SEED_PASSWORD))
  const users: Array<Record<string, unknown>> = []
  for (let i = 0; i < counts.users; i++) {
    const now = nextTime()
    users.push({
      id: newId(now),
      email: `bench-user-${i}@example.com`,
      password_hash: passwordHash,
      display_name: `Bench user ${i}`,
      preferences: '{"theme":"dark"}',
      version: 1,
      created_at: now,
      updated_at: now,
    })
  }
  await insertBatched(db, 'users', users)
  const userIds = users.map((user) => String(user['id']))
  const benchUserId = userIds[0] ?? ''

  await seedPosts(db, userIds, 0, counts.posts)

  // The scenario's post: the newest, public, with an attachment and 50 comments.
  const postTime = nextTime()
  const postId = newId(postTime)
  await insertBatched(db, 'posts', [
    {
      id: postId,
      user_id: benchUserId,
      title: 'The post the benchmark reads',
      body: LOREM,
      visibility: 'public',
      cover_attachment_id: null,
      version: 1,
      created_at: postTime,
      updated_at: postTime,
    },
  ])
  const content = randomBytes(100 * 1024)
  const sha256 = createHash('sha256').update(content).digest('hex')
  const attachments: Array<Record<string, unknown>> = []
  // 100 KB fits one stored chunk (ATTACHMENT_CHUNK_BYTES).
  const chunks: Array<Record<string, unknown>> = []
  for (let i = 0; i < counts.attachments; i++) {
    const now = nextTime()
    const id = newId(now)
    attachments.push({
      id,
      post_id: postId,
      filename: `photo-${i}.jpg`,
      content_type: 'image/jpeg',
      size: content.length,
      sha256,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    chunks.push({ attachment_id: id, first_byte: 0, bytes: content })
  }
  await insertBatched(db, 'attachments', attachments)
  await insertBatched(db, 'attachment_chunks', chunks)
  // What the server counts against USER_STORAGE_MAX_BYTES when it stores files itself.
  await db
    .updateTable('users')
    .set({ storage_bytes: content.length * counts.attachments })
    .where('id', '=', benchUserId)
    .execute()

  const comments: Array<Record<string, unknown>> = []
  const postCount = counts.posts
  for (let i = 0; i < counts.comments; i++) {
    const now = nextTime()
    comments.push({
      id: newId(now),
      post_id: i < 50 ? postId : undefined,
      attachment_id: null,
      user_id: userIds[i % userIds.length],
      body: `Comment ${i}: ${LOREM.slice(0, 80)}`,
      version: 1,
      created_at: now,
      updated_at: now,
    })
  }
  // Comments beyond the first 50 land on random existing posts.
  const randomPosts = await db
    .selectFrom('posts')
    .select('id')
    .where('visibility', '=', 'public')
    .limit(Math.min(1000, postCount))
    .execute()
  for (const [i, comment] of comments.entries()) {
    if (comment['post_id'] === undefined)
      comment['post_id'] = randomPosts[i % randomPosts.length]?.id ?? postId
  }
  await insertBatched(db, 'comments', comments)

  const benchToken = randomUUID()
  const now = Date.now()
  await insertBatched(db, 'sessions', [
    {
      id: newId(now),
      user_id: benchUserId,
      token_hash: createHash('sha256').update(benchToken).digest('hex'),
      user_agent: 'bench',
      ip: '127.0.0.1',
      created_at: now,
      updated_at: now,
    },
  ])

  await settle(db)

  return {
    userIds,
    benchUserId,
    benchToken,
    loginEmail: 'bench-user-1@example.com',
    postId,
    attachmentId: attachments[0]?.['id'] as string,
    posts: counts.posts + 1,
    sessions: 1,
    comments: counts.comments,
    attachments: counts.attachments,
  }
}
