// `npm run soak`: a mixed workload against the built server (`dist/server.js`) for a bounded time —
// reads, writes, uploads, downloads, comments and logins over SOAK_CONNECTIONS connections (100) for
// SOAK_DURATION seconds (60) — then a verdict: no 5xx, no dropped connection or timeout, every
// request answered 2xx, and the server's memory flat (resident size sampled every second). Exits 1
// when the verdict fails. test/machinery/soak.test.ts runs a short setting of it in CI.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { startServerProcess } from './server-process.js'

/** How long and how hard to soak, and against which database. */
export interface SoakOptions {
  durationSeconds: number
  connections: number
  /** `sqlite:…` or `postgres://…`; a temporary SQLite file when absent. */
  databaseUrl?: string
}

/** What a soak measured, and whether it passed. */
export interface SoakReport {
  requests: number
  requestsPerSecond: number
  p99Ms: number
  statuses: Record<string, number>
  server5xx: number
  non2xx: number
  errors: number
  timeouts: number
  /** Server resident memory (MiB), sampled once a second under load. */
  rssMiB: number[]
  /** Average RSS of the last quarter over that of the first quarter after warm-up. */
  memoryGrowth: number
  problems: string[]
}

const ROOT = new URL('..', import.meta.url).pathname
const RSS_CEILING_MIB = 768

function rssMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  } catch {
    return 0
  }
}

async function api(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${await response.text()}`)
  return response.json()
}

async function account(
  base: string,
  name: string,
): Promise<{ email: string; password: string; token: string }> {
  const email = `${name}-${randomBytes(4).toString('hex')}@example.com`
  const password = `correct horse ${randomBytes(4).toString('hex')} staple`
  await api(base, 'POST', '/v1/register', undefined, { email, password })
  const session = (await api(base, 'POST', '/v1/sessions', undefined, { email, password })) as {
    data: { token: string }
  }
  return { email, password, token: session.data.token }
}

function average(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length
}

/** Starts the built server, seeds content, drives the mixed workload and judges the run. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-soak-'))
  const server = await startServerProcess({
    args: [join(ROOT, 'dist', 'server.js')],
    env: {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: options.databaseUrl ?? `sqlite:${join(dir, 'soak.db')}`,
      LOG_LEVEL: 'warn',
      // One client address makes every login here, and one account's logins overlap (each counts as an
      // attempt until it succeeds); the per-address and per-account limits are not what is soaked.
      AUTH_IP_LIMIT: '10000000/1m',
      LOGIN_FAILURE_LIMIT: '10000000/1m',
      LOGIN_FAILURE_EMAIL_LIMIT: '10000000/1m',
      // One writer account posts and comments at full speed: the per-user limits are not what is soaked.
      USER_POST_LIMIT: '10000000/1m',
      USER_COMMENT_LIMIT: '10000000/1m',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true })
    throw error
  })
  const { base } = server
  const samples: number[] = []
  let loading = false
  const sampler = setInterval(() => {
    if (loading) samples.push(rssMiB(server.child.pid))
  }, 1000)
  try {
    const writer = await account(base, 'soak-writer')
    // Logins churn their own account's sessions, so they never evict the writer's.
    const logins = await account(base, 'soak-login')
    const auth = { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' }
    const posts: Array<{ id: string; attachment: string }> = []
    const download = randomBytes(64 * 1024)
    for (let index = 0; index < 20; index++) {
      const post = (await api(base, 'POST', '/v1/posts', writer.token, {
        title: `Seed ${String(index)}`,
        body: 'x'.repeat(500),
      })) as { data: { id: string } }
      const upload = await fetch(`${base}/v1/posts/${post.data.id}/attachments?filename=seed.bin`, {
        method: 'POST',
        headers: { authorization: auth.authorization, 'content-type': 'application/octet-stream' },
        body: download,
      })
      const attachment = (await upload.json()) as { data: { id: string } }
      posts.push({ id: post.data.id, attachment: attachment.data.id })
    }
    const pick = (): { id: string; attachment: string } =>
      posts[Math.floor(Math.random() * posts.length)] ?? { id: '', attachment: '' }
    const upload = randomBytes(8 * 1024)
    type Context = Record<string, string | undefined>
    const ownPost = (context: object): string => (context as Context)['postId'] ?? pick().id
    const rememberPost = (status: number, body: string, context: object): void => {
      if (status === 201)
        (context as Context)['postId'] = (JSON.parse(body) as { data: { id: string } }).data.id
    }

    loading = true
    const result = await autocannon({
      url: base,
      connections: options.connections,
      duration: options.durationSeconds,
      timeout: 10,
      requests: [
        { method: 'GET', path: '/v1/posts?limit=20' },
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: `/v1/posts/${pick().id}`, headers: auth }),
        },
        {
          method: 'POST',
          path: '/v1/posts',
          headers: auth,
          body: JSON.stringify({ title: 'Soak post', body: 'Written under load' }),
          onResponse: rememberPost,
        },
        {
          method: 'POST',
          headers: { authorization: auth.authorization, 'content-type': 'application/octet-stream' },
          body: upload,
          setupRequest: (request, context: object) => ({
            ...request,
            path: `/v1/posts/${ownPost(context)}/attachments?filename=soak.bin`,
          }),
        },
        {
          method: 'GET',
          setupRequest: (request) => {
            const post = pick()
            return { ...request, path: `/v1/posts/${post.id}/attachments/${post.attachment}/content` }
          },
        },
        {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ body: 'A comment under load' }),
          setupRequest: (request, context: object) => ({
            ...request,
            path: `/v1/posts/${ownPost(context)}/comments`,
          }),
        },
        { method: 'GET', path: '/v1/me', headers: auth },
        {
          method: 'PATCH',
          headers: auth,
          body: JSON.stringify({ body: 'Edited under load' }),
          setupRequest: (request, context: object) => ({
            ...request,
            path: `/v1/posts/${ownPost(context)}`,
          }),
        },
        {
          method: 'GET',
          setupRequest: (request, context: object) => ({
            ...request,
            path: `/v1/posts/${ownPost(context)}/comments`,
          }),
        },
        {
          method: 'POST',
          path: '/v1/sessions',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: logins.email, password: logins.password }),
        },
      ],
    })

    const statuses: Record<string, number> = {}
    for (const [status, stats] of Object.entries(
      result.statusCodeStats as Record<string, { count: number }>,
    )) {
      statuses[status] = stats.count
    }
    loading = false
    // The first third is warm-up (caches, connection pools, JIT); growth is judged on the rest.
    const warm = samples.slice(Math.floor(samples.length / 3))
    const quarter = Math.max(1, Math.floor(warm.length / 4))
    const memoryGrowth = average(warm.slice(-quarter)) / Math.max(1, average(warm.slice(0, quarter)))
    const report: SoakReport = {
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      statuses,
      server5xx: result['5xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      rssMiB: samples,
      memoryGrowth: Math.round(memoryGrowth * 100) / 100,
      problems: [],
    }
    if (report.server5xx > 0) report.problems.push(`${String(report.server5xx)} responses were 5xx`)
    if (report.non2xx > 0) report.problems.push(`${String(report.non2xx)} responses were not 2xx`)
    if (report.errors > 0)
      report.problems.push(`${String(report.errors)} connection errors (dropped connections)`)
    if (report.timeouts > 0) report.problems.push(`${String(report.timeouts)} requests timed out`)
    if (server.child.exitCode !== null) {
      report.problems.push(`the server exited (${String(server.child.exitCode)})`)
    }
    // Growth by a quarter after warm-up is a leak; a run too short to judge growth (the CI setting)
    // must at least stay under a fixed ceiling.
    if (warm.length >= 20 && memoryGrowth > 1.25) {
      report.problems.push(`memory grew ${String(report.memoryGrowth)}x after warm-up`)
    }
    const peak = Math.max(0, ...samples)
    if (peak > RSS_CEILING_MIB) report.problems.push(`server RSS reached ${String(peak)} MiB`)
    return report
  } finally {
    clearInterval(sampler)
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const options: SoakOptions = {
    durationSeconds: Number(process.env['SOAK_DURATION'] ?? 60),
    connections: Number(process.env['SOAK_CONNECTIONS'] ?? 100),
    ...(process.env['DATABASE_URL'] ? { databaseUrl: process.env['DATABASE_URL'] } : {}),
  }
  console.log(`soak: ${String(options.connections)} connections for ${String(options.durationSeconds)} s`)
  const report = await runSoak(options)
  const rss = report.rssMiB
  console.log(
    [
      `requests: ${String(report.requests)} (${String(report.requestsPerSecond)}/s), p99 ${String(report.p99Ms)} ms`,
      `statuses: ${JSON.stringify(report.statuses)}`,
      `5xx: ${String(report.server5xx)}, connection errors: ${String(report.errors)}, timeouts: ${String(report.timeouts)}`,
      `server RSS MiB: start ${String(rss[0] ?? 0)}, max ${String(Math.max(0, ...rss))}, end ${String(rss.at(-1) ?? 0)}; growth after warm-up ${String(report.memoryGrowth)}x`,
    ].join('\n'),
  )
  if (report.problems.length > 0) {
    console.log(`soak FAILED: ${report.problems.join('; ')}`)
    process.exit(1)
  }
  console.log('soak passed')
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
