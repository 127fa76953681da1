import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

// The built server (`node dist/server.js`) as a child process: what end-to-end, crash and soak tests
// start and speak to over real sockets.

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const SERVER = join(ROOT, 'dist', 'server.js')
export const VERSION_FILE = join(ROOT, 'dist', 'version.json')
const WAIT_LIMIT_MS = 30_000

/** The checkout's commit, or undefined outside a git checkout. */
export function gitHead(): string | undefined {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : undefined
}

function builtVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(VERSION_FILE, 'utf8')) as { version?: string }).version
  } catch {
    return undefined
  }
}

/** Builds dist/ when it is missing, or was built from another commit than the checkout's. */
export function ensureBuilt(t: TestContext): void {
  const head = gitHead()
  const stale = head !== undefined && builtVersion() !== head
  if (existsSync(SERVER) && !stale) return
  t.diagnostic(existsSync(SERVER) ? 'dist/ is from another commit: rebuilding' : 'dist/ is missing: building')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' })
  assert.equal(build.status, 0, `npm run build failed:\n${build.stdout}\n${build.stderr}`)
}

/** A `node dist/server.js` child process and what it printed. */
export interface RunningServer {
  child: ChildProcess
  port: number
  dataDir: string
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Resolves once a stdout log line satisfies the predicate. */
  waitForLog: (predicate: (line: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>
}

/** Polls until the probe answers something (30 s at most). */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`)
    await delay(25)
  }
}

/** Starts `node dist/server.js` with the given environment (on a free port and a temporary SQLite file). */
export function startServer(t: TestContext, env: Record<string, string> = {}): RunningServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-'))
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dataDir, 'nested', 'quire.db')}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8')
    // A long run (soak, crash rounds) logs a lot: keep the recent part, whole lines only.
    if (out.length > 8 * 1024 * 1024) out = out.slice(out.indexOf('\n', out.length - 1024 * 1024) + 1)
  })
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      resolve({ code, signal })
    }),
  )
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })
  const logLines = (): Array<Record<string, unknown>> =>
    out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return {
    child,
    port: 0,
    dataDir,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForLog: (predicate) =>
      waitUntil('a log line', () => {
        if (child.exitCode !== null) throw new Error(`server exited early: ${err}${out}`)
        return logLines().find(predicate)
      }),
  }
}

/** Starts the server and waits until it is listening and `GET /v1` answers. */
export async function startListening(
  t: TestContext,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const server = startServer(t, env)
  const listening = await server.waitForLog(
    (line) => typeof line['msg'] === 'string' && line['msg'].startsWith('Server listening at http://'),
  )
  server.port = Number(new URL(String(listening['msg']).slice('Server listening at '.length)).port)
  await waitUntil('GET /v1', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/v1`).catch(() => undefined)
    await response?.body?.cancel()
    return response?.status === 200 ? response : undefined
  })
  return server
}
