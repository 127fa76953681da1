// `npm run bench`: starts the built server (SQLite in a temporary folder, or DATABASE_URL), seeds a user
// and posts, and drives each scenario with autocannon from this process, next to a bare Node.js HTTP
// server answering the same health JSON — the ceiling any Node.js framework can reach on this machine.
// Figures are printed, not asserted: machines are shared and noisy, so compare ratios from one run.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { normalizePassword, PasswordPolicy, hashPassword } from '../src/users/passwords.js'

const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 5)
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50)

interface Scenario {
  name: string
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

interface Figures {
  name: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

async function waitUntilUp(base: string, path = '/v1'): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${base}${path}`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('server did not start')
}

function rssMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8')
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kib / 1024)
}

async function drive(base: string, scenario: Scenario): Promise<Figures> {
  const result = await autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...scenario.headers },
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    connections: CONNECTIONS,
    duration: DURATION_S,
  })
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

async function json(
  base: string,
  path: string,
  init: RequestInit,
): Promise<{ data: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  })
  if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${await response.text()}`)
  return (await response.json()) as { data: Record<string, unknown> }
}

/** A bare node:http server answering the health JSON, in its own process like the real server. */
function bareNodeServer(port: number): ChildProcess {
  const source = `
    const body = JSON.stringify({ status: 'running', version: 'baseline' })
    require('node:http').createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      response.end(body)
    }).listen(${String(port)}, '127.0.0.1')`
  return spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] })
}

function timeIt(run: () => void, times: number): number {
  const start = performance.now()
  for (let i = 0; i < times; i++) run()
  return (performance.now() - start) / times
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${String(port)}`
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env['DATABASE_URL'] ?? `sqlite:${join(dir, 'bench.db')}`,
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
      AUTH_IP_LIMIT: '100000/1m',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baselinePort = await freePort()
  const baseline = bareNodeServer(baselinePort)
  try {
    await waitUntilUp(base)
    await waitUntilUp(`http://127.0.0.1:${String(baselinePort)}`, '/')
    const email = `bench-${String(Date.now())}@example.com`
    const password = 'correct horse battery staple'
    await json(base, '/v1/register', { method: 'POST', body: JSON.stringify({ email, password }) })
    const token = String(
      (await json(base, '/v1/sessions', { method: 'POST', body: JSON.stringify({ email, password }) })).data[
        'token'
      ],
    )
    const auth = { authorization: `Bearer ${token}` }

    const scenarios: Scenario[] = [
      { name: 'GET /v1 (health)', path: '/v1' },
      { name: 'GET /v1/me (authenticated)', path: '/v1/me', headers: auth },
      { name: 'GET /v1/sessions (list)', path: '/v1/sessions', headers: auth },
    ]
    const post = await fetch(`${base}/v1/posts`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Seed', body: 'Seed post' }),
    })
    if (post.status === 201) {
      for (let i = 0; i < 200; i++) {
        await json(base, '/v1/posts', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ title: `Post ${String(i)}`, body: 'Lorem ipsum '.repeat(20) }),
        })
      }
      const postId = ((await post.json()) as { data: { id: string } }).data.id
      scenarios.push(
        { name: 'GET /v1/posts (public list, anonymous)', path: '/v1/posts?limit=20' },
        { name: 'GET /v1/posts/{id} (authenticated)', path: `/v1/posts/${postId}`, headers: auth },
        {
          name: 'POST /v1/posts (write)',
          method: 'POST',
          path: '/v1/posts',
          headers: auth,
          body: JSON.stringify({ title: 'Benchmark', body: 'A post written under load' }),
        },
      )
    }

    const rows: Figures[] = [
      await drive(`http://127.0.0.1:${String(baselinePort)}`, {
        name: 'bare Node.js http (ceiling)',
        path: '/',
      }),
    ]
    for (const scenario of scenarios) rows.push(await drive(base, scenario))
    const ceiling = rows[0]?.requestsPerSecond ?? 1

    console.log(
      `\nQuire benchmark: ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per scenario, Node ${process.version}\n`,
    )
    console.log('| scenario | req/s | vs bare Node | p50 ms | p99 ms | non-2xx | errors |')
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for (const row of rows) {
      const ratio = `${((row.requestsPerSecond / ceiling) * 100).toFixed(0)}%`
      console.log(
        `| ${row.name} | ${String(row.requestsPerSecond)} | ${ratio} | ${String(row.p50Ms)} | ${String(row.p99Ms)} | ${String(row.non2xx)} | ${String(row.errors)} |`,
      )
    }
    console.log(`\nServer resident memory after the run: ${String(rssMiB(server))} MiB`)

    const policy = new PasswordPolicy(10)
    const email2 = 'ada@example.com'
    const worst = normalizePassword('1%6455210!+@11+68202!!%108$!(3!4%@%28934'.repeat(7).slice(0, 256))
    const typical = normalizePassword('correct horse battery staple')
    console.log(
      `Password policy check: typical ${timeIt(() => policy.problem(typical, email2), 20).toFixed(1)} ms, ` +
        `worst case (256 symbol-heavy characters) ${timeIt(() => policy.problem(worst, email2), 5).toFixed(1)} ms on the event loop`,
    )
    const hashStart = performance.now()
    await hashPassword(typical)
    console.log(
      `argon2id hash: ${(performance.now() - hashStart).toFixed(0)} ms, in libuv's thread pool (off the event loop)`,
    )
  } finally {
    server.kill('SIGTERM')
    baseline.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
