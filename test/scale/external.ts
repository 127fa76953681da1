import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, chmodSync, constants, writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo } from 'node:net'
import { delimiter, join } from 'node:path'
import type { TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { tempDir } from '../helpers.js'

// Programs the tests start: Debian's haproxy and pgbouncer with configurations they write, and Prism
// (test/e2e/prism.ts). Missing programs make the tests skip with a one-line notice; `.ci/run` installs
// them.

/** The program's path, or undefined when it is not installed (Debian puts both in /usr/sbin). */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']
  for (const dir of dirs) {
    const path = join(dir, name)
    try {
      accessSync(path, constants.X_OK)
      return path
    } catch {
      // not here
    }
  }
  return undefined
}

/** A port nobody listens on right now (for programs that cannot be told to pick one). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts a program in the foreground, killed when the test ends; resolves once `ready` holds (it is
 * given the program's output so far). `timeoutMs` bounds the wait (15 s).
 */
export async function startProgram(
  t: TestContext,
  path: string,
  args: string[],
  ready: (output: string) => Promise<boolean>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(path, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  })
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${path} exited with ${child.exitCode}: ${output}`)
    if (await ready(output).catch(() => false)) return { child, output: () => output }
    if (Date.now() > deadline) throw new Error(`${path} did not become ready: ${output}`)
    await delay(50)
  }
}

/** One backend server as HAProxy's stats report it. */
interface ServerState {
  name: string
  /** UP, DOWN, MAINT, or a transition such as "UP 1/2". */
  status: string
  /** Why the last check ended as it did, e.g. L7OK, L7STS (a wrong HTTP status), L4CON (refused). */
  checkStatus: string
  checkCode: string
}

/** What the test's HAProxy balances, and where. */
interface HaproxySetup {
  port: number
  servers: Array<{ name: string; port: number }>
  /** The address HAProxy connects to the instances from, so they can tell it from clients. */
  source: string
  statsSocket: string
}

/**
 * The HAProxy configuration the scale-out test runs (and docs/operations.md shows): round-robin over the
 * instances, health checks on /v1/ready, X-Forwarded-For added, connection failures retried on
 * another instance, and only idempotent requests replayed after a response failure.
 */
function haproxyConfig(setup: HaproxySetup): string {
  const servers = setup.servers
    .map((server) => `  server ${server.name} 127.0.0.1:${server.port} check source ${setup.source}`)
    .join('\n')
  return `global
  maxconn 1024
  stats socket ${setup.statsSocket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # Long-lived answers (event streams) once the connection is a tunnel; their heartbeats
  # (EVENTS_HEARTBEAT, 15 s) keep them within the client and server timeouts before that.
  timeout tunnel 1h
  # Retry a request on another instance when its connection fails; after a failed response,
  # replay only what is safe to repeat (see disable-l7-retry below).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend quire
  bind 127.0.0.1:${setup.port}
  # Appends the client's address to X-Forwarded-For; Quire trusts it from this hop (TRUST_PROXY).
  option forwardfor
  default_backend instances

backend instances
  balance roundrobin
  http-request disable-l7-retry if !METH_GET
  option httpchk
  http-check send meth GET uri /v1/ready ver HTTP/1.1 hdr host quire
  http-check expect status 200
  default-server inter 250ms fall 2 rise 2
  http-response set-header x-served-by %s
${servers}
`
}

async function askHaproxy(statsSocket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(statsSocket)
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    socket.on('end', () => {
      resolve(answer)
    })
    socket.on('error', reject)
    socket.end(`${command}\n`)
  })
}

/** The backend servers' states, read from HAProxy's stats socket. */
export async function haproxyServers(statsSocket: string): Promise<ServerState[]> {
  const [header = '', ...lines] = (await askHaproxy(statsSocket, 'show stat')).trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const column = (row: string[], name: string): string => row[columns.indexOf(name)] ?? ''
  return lines
    .map((line) => line.split(','))
    .filter(
      (row) =>
        column(row, 'pxname') === 'instances' && !['BACKEND', 'FRONTEND'].includes(column(row, 'svname')),
    )
    .map((row) => ({
      name: column(row, 'svname'),
      status: column(row, 'status'),
      checkStatus: column(row, 'check_status'),
      checkCode: column(row, 'check_code'),
    }))
}

/** Writes the configuration and starts HAProxy; resolves once every server is UP. */
export async function startHaproxy(
  t: TestContext,
  path: string,
  servers: Array<{ name: string; port: number }>,
): Promise<HaproxySetup & { config: string }> {
  const dir = tempDir(t, 'quire-haproxy-')
  const setup: HaproxySetup = {
    port: await freePort(),
    servers,
    source: '127.0.0.3',
    statsSocket: join(dir, 'admin.sock'),
  }
  const config = haproxyConfig(setup)
  const file = join(dir, 'haproxy.cfg')
  writeFileSync(file, config)
  await startProgram(t, path, ['-db', '-f', file], async () => {
    const states = await haproxyServers(setup.statsSocket)
    return states.length === servers.length && states.every((state) => state.status === 'UP')
  })
  return { ...setup, config }
}

/** PgBouncer in front of the test's PostgreSQL server, transaction pooling. */
interface PgbouncerSetup {
  port: number
  postgres: { host: string; port: number }
  authFile: string
}

/**
 * The PgBouncer configuration the PgBouncer test runs (and docs/operations.md shows): transaction pooling,
 * and `statement_timeout` accepted from clients but not passed on (PgBouncer cannot keep a startup
 * parameter per client in transaction mode; set it on the role instead).
 */
function pgbouncerConfig(setup: PgbouncerSetup): string {
  return `[databases]
* = host=${setup.postgres.host} port=${setup.postgres.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${setup.port}
unix_socket_dir =
auth_type = trust
auth_file = ${setup.authFile}
admin_users = postgres
pool_mode = transaction
max_client_conn = 500
default_pool_size = 10
ignore_startup_parameters = statement_timeout
`
}

/** Writes the configuration and starts PgBouncer; resolves once it accepts connections. */
export async function startPgbouncer(
  t: TestContext,
  path: string,
  postgres: { host: string; port: number },
  ready: (port: number) => Promise<boolean>,
): Promise<PgbouncerSetup> {
  const dir = tempDir(t, 'quire-pgbouncer-')
  // PgBouncer refuses to run as root; it then runs as postgres, which must read these files.
  chmodSync(dir, 0o755)
  const setup: PgbouncerSetup = { port: await freePort(), postgres, authFile: join(dir, 'userlist.txt') }
  writeFileSync(setup.authFile, '"postgres" ""\n', { mode: 0o644 })
  const file = join(dir, 'pgbouncer.ini')
  writeFileSync(file, pgbouncerConfig(setup), { mode: 0o644 })
  const asRoot = process.getuid?.() === 0
  await startProgram(t, path, [...(asRoot ? ['-u', 'postgres'] : []), file], () => ready(setup.port))
  return setup
}
