// `npm run bench -- --scale`: p50 latency of /me and the lists as the posts and sessions grow on one
// database (10k, 100k, 1M), since a statement whose cost grows with its table shows only as the
// table grows, past the size of the scenarios' data set.
import type { Db } from '../src/db/database.js'
import { drive, type RequestShape } from './load.js'
import { startQuire } from './measure.js'
import { CONNECTIONS, DURATION_S, QUICK } from './options.js'
import { seedPosts, seedSessions, settle, type SeededData } from './seed.js'

/** One data size's figures: `size`, then p50 ms, req/s and failures per request shape. */
export type ScaleRow = Record<string, number>

/** p50 latency of `/me` and the lists at growing data sizes: it should stay flat. */
export async function scaleRun(db: Db, databaseUrl: string, data: SeededData): Promise<ScaleRow[]> {
  const sizes = QUICK ? [10_000, 50_000] : [10_000, 100_000, 1_000_000]
  const auth = { authorization: `Bearer ${data.benchToken}` }
  const rows: ScaleRow[] = []
  let posts = data.posts
  let sessions = data.sessions
  for (const size of sizes) {
    const started = performance.now()
    await seedPosts(db, data.userIds, posts, size)
    await seedSessions(db, data.userIds, sessions, size)
    await settle(db)
    posts = Math.max(posts, size)
    sessions = Math.max(sessions, size)
    console.log(
      `seeded ${String(size)} posts and sessions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const server = await startQuire(databaseUrl, 1)
    try {
      const deep = await fetch(
        `${server.base}/v1/posts?limit=20&from=${String(Math.min(size - 40, 19_980))}`,
        {
          headers: auth,
        },
      )
      const token = ((await deep.json()) as { next_page_token?: string }).next_page_token ?? ''
      const shapes: Record<string, RequestShape> = {
        me: { method: 'GET', path: '/v1/me', headers: auth },
        list_anonymous: { method: 'GET', path: '/v1/posts?limit=20', headers: {} },
        list_signed_in: { method: 'GET', path: '/v1/posts?limit=20', headers: auth },
        list_deep_token: { method: 'GET', path: `/v1/posts?limit=20&pagetoken=${token}`, headers: auth },
      }
      const row: ScaleRow = { size }
      for (const [key, shape] of Object.entries(shapes)) {
        const figures = await drive(server.base, shape, CONNECTIONS, DURATION_S)
        row[`${key}_p50_ms`] = figures.p50Ms
        row[`${key}_rps`] = figures.requestsPerSecond
        row[`${key}_failures`] = figures.failures
      }
      rows.push(row)
    } finally {
      await server.stop()
    }
  }
  return rows
}
