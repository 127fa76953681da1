import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { until } from '../helpers.js'

// The built server (`node dist/server.js`) as a child process, spoken to over real sockets: shared
// by the end-to-end tests (this folder and test/scale).
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SERVER = join(ROOT, 'dist', 'server.js')
export const VERSION_FILE = join(ROOT, 'dist', 'version.json')
export const WAIT_LIMIT_MS = 30_000

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
export async function ensureBuilt(t: TestContext): Promise<void> {
  const head = gitHead()
  const upToDate = (): boolean => existsSync(SERVER) && (head === undefined || builtVersion() === head)
  if (upToDate()) return
  // Test files run in parallel; one builds while the others wait, so none starts a half-written dist/.
  const lock = join(ROOT, '.build-lock')
  const deadline = Date.now() + 5 * 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} held for 5 minutes; remove it if no build runs`)
      await delay(200)
    }
  }
  try {
    if (upToDate()) return
    t.diagnostic(
      existsSync(SERVER) ? 'dist/ is from another commit: rebuilding' : 'dist/ is missing: building',
    )
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' })
    assert.equal(build.status, 0, `npm run build failed:\n${build.stdout}\n${build.stderr}`)
  } finally {
    rmdirSync(lock)
  }
}

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

/** What a command printed and how it ended. */
export interface CommandRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `node ARGS` from the repository with only PATH and `env` in its environment, to its exit. */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('exit', (code) => {
      resolve({ code, stdout, stderr })
    })
  })
}

/** `until` with the built server's deadline: a process that starts, listens or exits. */
export function waitUntil<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  return until(what, probe, WAIT_LIMIT_MS)
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
      // Created on first start; kept in the temporary folder, not the working tree.
      SECRET_KEY_FILE: join(dataDir, 'secret.key'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
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
    const response = await get(server.port, '/v1').catch(() => undefined)
    return response?.status === 200 ? response : undefined
  })
  return server
}

export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** The body as received, for binary content. */
  bytes: Buffer
}

/** What `send` may add to a request. */
export interface SendOptions {
  headers?: Record<string, string>
  /** Sent as JSON (with its Content-Type) unless it is a Buffer, which is sent as it is. */
  body?: unknown
  agent?: Agent
  /** The client's own address, e.g. 127.0.0.2 to look like another machine on the loopback. */
  localAddress?: string
}

/** One HTTP request to 127.0.0.1:port over a real socket; resolves with the whole answer. */
export function send(
  port: number,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<HttpAnswer> {
  const { body } = options
  const payload =
    body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body))
  const headers: Record<string, string | number> = { ...options.headers }
  if (payload !== undefined) {
    if (!Buffer.isBuffer(body)) headers['content-type'] ??= 'application/json'
    headers['content-length'] = payload.length
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method,
      headers,
      ...(options.agent ? { agent: options.agent } : {}),
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    })
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes.toString('utf8'),
          bytes,
        })
      })
    })
    request.on('error', reject)
    request.end(payload)
  })
}

/** GET over a real socket. */
export function get(port: number, path: string, agent?: Agent): Promise<HttpAnswer> {
  return send(port, 'GET', path, agent ? { agent } : {})
}

/** POST a JSON body over a real socket. */
export function post(port: number, path: string, payload: unknown): Promise<HttpAnswer> {
  return send(port, 'POST', path, { body: payload })
}
