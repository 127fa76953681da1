// `npm run bench:memory`: the built server's resident memory, stage by stage, on a small fresh SQLite
// data set: idle before any request, after a burst of logins (argon2id), after read and write load,
// after registrations (the password-policy worker), and after that worker's idle exit. Prints VmRSS
// (now) and VmHWM (peak so far) of the server process, so the figures in docs/performance.md can be reproduced.
//   MEMORY_LOGIN_SECONDS=5 MEMORY_LOGIN_CONNECTIONS=16   the login burst (the benchmark's shape)
//   BENCH_SERVER=path/to/server.js                       another build, for before/after figures
//   BENCH_PLAIN_NODE=1                                   `node server.js` without bin/quire's settings
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { loadConfig } from '../src/config.js'
import { createDb } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { POLICY_WORKER_IDLE_MS } from '../src/accounts/policy-pool.js'
import { drive, type RequestShape } from './load.js'
import { seed, SEED_PASSWORD } from './seed.js'
import { residentMiB, startQuire, type RunningServer } from './server.js'

const LOGIN_SECONDS = Number(process.env['MEMORY_LOGIN_SECONDS'] ?? 5)
const LOGIN_CONNECTIONS = Number(process.env['MEMORY_LOGIN_CONNECTIONS'] ?? 16)
const LOAD_SECONDS = 2
const SERVER_SCRIPT = process.env['BENCH_SERVER'] ?? 'dist/server.js'

interface Stage {
  stage: string
  rssMiB: number
  peakMiB: number
  note: string
}

/** One registration, timed, while the health check is polled every 2 ms: its slowest answer shows
 * whether anything on the way (such as starting the policy worker) held the server's event loop. */
async function timedRegistration(base: string, email: string) {
  const done = new AbortController()
  let slowestHealthMs = 0
  const poller = (async () => {
    while (!done.signal.aborted) {
      const start = performance.now()
      await fetch(`${base}/v1`).then((response) => response.arrayBuffer())
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - start)
      await delay(2)
    }
  })()
  const start = performance.now()
  const response = await fetch(`${base}/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `${SEED_PASSWORD} ${email}` }),
  })
  await response.arrayBuffer()
  const registrationMs = performance.now() - start
  done.abort()
  await poller
  if (response.status !== 201) throw new Error(`registration answered ${String(response.status)}`)
  return { registrationMs: Math.round(registrationMs), slowestHealthMs: Math.round(slowestHealthMs) }
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_SCRIPT)) {
    console.log(`${SERVER_SCRIPT} is missing: building first (npm run build)`)
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
  }
  const dir = mkdtempSync(join(tmpdir(), 'quire-memory-'))
  const databaseUrl = `sqlite:${join(dir, 'memory.db')}`
  const db = createDb(loadConfig({ DATABASE_URL: databaseUrl }).database)
  let server: RunningServer | undefined
  const stages: Stage[] = []
  const record = (stage: string, note = ''): void => {
    const figures = residentMiB(server?.child.pid)
    stages.push({ stage, rssMiB: figures.rss, peakMiB: figures.peak, note })
    console.log(`${stage}: RSS ${String(figures.rss)} MiB, peak ${String(figures.peak)} MiB ${note}`)
  }
  try {
    await migrateToLatest(db)
    const data = await seed(db, { users: 20, posts: 2_000, comments: 200, attachments: 5 })
    await db.destroy()

    server = await startQuire(SERVER_SCRIPT, databaseUrl, 1)
    await delay(2000)
    record('idle, before any request')

    const login: RequestShape = {
      method: 'POST',
      path: '/v1/sessions',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: data.loginEmail, password: SEED_PASSWORD }),
    }
    const logins = await drive(server.base, login, LOGIN_CONNECTIONS, LOGIN_SECONDS)
    record(
      `after ${String(logins.requests)} logins (${String(LOGIN_CONNECTIONS)} connections, ${String(LOGIN_SECONDS)} s)`,
      `— ${String(logins.requestsPerSecond)} logins/s, p99 ${String(logins.p99Ms)} ms, failures ${String(logins.failures)}`,
    )

    const auth = { authorization: `Bearer ${data.benchToken}` }
    const reads: RequestShape[] = [
      { method: 'GET', path: '/v1/me', headers: auth },
      { method: 'GET', path: '/v1/posts?limit=20', headers: auth },
      { method: 'GET', path: `/v1/posts/${data.postId}/comments`, headers: auth },
      {
        method: 'GET',
        path: `/v1/posts/${data.postId}/attachments/${data.attachmentId}/content`,
        headers: auth,
      },
      {
        method: 'POST',
        path: `/v1/posts/${data.postId}/comments`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'A comment written under load' }),
      },
    ]
    let failures = 0
    for (const shape of reads) failures += (await drive(server.base, shape, 50, LOAD_SECONDS)).failures
    record(
      'after /me, list, comments, 100 KB download and comment-write load',
      `— 50 connections, ${String(LOAD_SECONDS)} s each, failures ${String(failures)}`,
    )

    const first = await timedRegistration(server.base, 'memory-first@example.com')
    const second = await timedRegistration(server.base, 'memory-second@example.com')
    record(
      'after two registrations (password-policy worker running)',
      `— first ${String(first.registrationMs)} ms (slowest health answer meanwhile ${String(first.slowestHealthMs)} ms), ` +
        `second ${String(second.registrationMs)} ms`,
    )

    await delay(POLICY_WORKER_IDLE_MS + 2000)
    record(`${String((POLICY_WORKER_IDLE_MS + 2000) / 1000)} s later (policy worker exited when idle)`)
  } finally {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  console.log('\n| stage | RSS MiB | peak (VmHWM) MiB | |')
  console.log('| --- | ---: | ---: | --- |')
  for (const stage of stages) {
    console.log(
      `| ${stage.stage} | ${String(stage.rssMiB)} | ${String(stage.peakMiB)} | ${stage.note.replace(/^— /, '')} |`,
    )
  }
}

await main()
