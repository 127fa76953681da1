// Load generation for the benchmark: wrk (C, one thread) when installed, autocannon otherwise, and
// the bare node:http server that answers a scenario's captured bytes: the fair ceiling.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { stopWithThisProcess } from './server-process.js'

/** One HTTP request shape, repeated by every connection. */
export interface RequestShape {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

/** What one load run measured. */
export interface LoadFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Responses outside 2xx plus socket errors and timeouts. */
  failures: number
  requests: number
  /** Server CPU time per request (user + system), when the server's process was given. */
  cpuMicrosPerRequest?: number
}

/** Which load generator runs: wrk when it is on the PATH (much cheaper per request), else autocannon. */
export const LOAD_GENERATOR: 'wrk' | 'autocannon' =
  spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined ? 'wrk' : 'autocannon'

const scratch = mkdtempSync(join(tmpdir(), 'quire-bench-lua-'))
process.on('exit', () => {
  rmSync(scratch, { recursive: true, force: true })
})

function luaString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
}

// wrk counts statuses above 399 in errors.status for free (a response() hook would cost Lua work per
// response on the load generator); the scenarios send no conditional headers, so no 3xx can occur.
function wrkScript(shape: RequestShape): string {
  const headers = Object.entries(shape.headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n')
  return `
wrk.method = ${luaString(shape.method)}
${shape.body === undefined ? '' : `wrk.body = ${luaString(shape.body)}`}
${headers}
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"failures":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout + e.status,
    latency:percentile(50), latency:percentile(99)))
end
`
}

async function runWrk(base: string, shape: RequestShape, connections: number, seconds: number) {
  const script = join(scratch, `s${String(Math.random()).slice(2)}.lua`)
  writeFileSync(script, wrkScript(shape))
  const child = spawn(
    'wrk',
    [
      '-t1',
      `-c${String(connections)}`,
      `-d${String(seconds)}s`,
      '--timeout',
      '5s',
      '-s',
      script,
      base + shape.path,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(script, { force: true })
  const lines = output.split('\n').filter((line) => line.startsWith('{'))
  const summary = JSON.parse(lines[0] ?? '{}') as {
    requests?: number
    duration_us?: number
    failures?: number
    p50_us?: number
    p99_us?: number
  }
  if (summary.requests === undefined) throw new Error(`wrk printed no summary:\n${output}`)
  return {
    requestsPerSecond: Math.round(summary.requests / ((summary.duration_us ?? 1) / 1e6)),
    p50Ms: (summary.p50_us ?? 0) / 1000,
    p99Ms: (summary.p99_us ?? 0) / 1000,
    failures: summary.failures ?? 0,
    requests: summary.requests,
  }
}

async function runAutocannon(
  base: string,
  shape: RequestShape,
  connections: number,
  seconds: number,
  overallRate?: number,
): Promise<LoadFigures> {
  const result = await autocannon({
    url: base + shape.path,
    method: shape.method,
    headers: shape.headers,
    ...(shape.body === undefined ? {} : { body: shape.body }),
    connections,
    duration: seconds,
    ...(overallRate === undefined ? {} : { overallRate }),
  })
  return {
    requestsPerSecond: Math.round(result.requests.total / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  }
}

/** CPU time (user + system) a process and its live children have used so far, in microseconds. */
function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return 0
  const ticks = (id: string): number => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      return Number(fields[11] ?? 0) + Number(fields[12] ?? 0)
    } catch {
      return 0
    }
  }
  let total = ticks(String(pid))
  try {
    const children = readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8').trim()
    for (const child of children.split(/\s+/).filter(Boolean)) total += ticks(child)
  } catch {
    // no children
  }
  return (total * 1e6) / CLOCK_TICKS_PER_SECOND
}

const CLOCK_TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
)

/**
 * Drives `base` with `connections` connections for `seconds`, as fast as it answers. With the
 * server's `pid`, also reports the CPU time it spent per request: unlike requests per second, that
 * barely moves when other work shares the machine.
 */
export async function drive(
  base: string,
  shape: RequestShape,
  connections: number,
  seconds: number,
  pid?: number,
): Promise<LoadFigures> {
  const cpuBefore = cpuMicros(pid)
  const figures =
    LOAD_GENERATOR === 'wrk'
      ? await runWrk(base, shape, connections, seconds)
      : await runAutocannon(base, shape, connections, seconds)
  const cpu = cpuMicros(pid) - cpuBefore
  return { ...figures, cpuMicrosPerRequest: figures.requests > 0 ? Math.round(cpu / figures.requests) : 0 }
}

/** A steady, light probe (e.g. the health check) at `rate` requests per second, for its latency. */
export function probe(base: string, shape: RequestShape, rate: number, seconds: number) {
  return runAutocannon(base, shape, 4, seconds, rate)
}

/** A captured answer: what the bare server replies to every request of a scenario. */
export interface CapturedAnswer {
  status: number
  contentType: string
  body: Buffer
  /**
   * Quire's other response headers, lower-case: all but the content type and those Node writes
   * itself (date, connection, keep-alive, content-length, transfer-encoding). The reference floor
   * sends them, the bare server does not.
   */
  headers: Record<string, string>
}

/**
 * A bare node:http server in its own process answering exactly `answer` (status, content type, body
 * bytes) to every request after reading its body: what Node.js itself costs for the same bytes.
 */
export async function startBareServer(
  answer: CapturedAnswer,
  nodeFlags: readonly string[] = [],
): Promise<{ base: string; pid: number | undefined; stop: () => void }> {
  const bodyFile = join(scratch, `body${String(Math.random()).slice(2)}`)
  writeFileSync(bodyFile, answer.body)
  const source = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)})
    const headers = { 'content-type': ${JSON.stringify(answer.contentType)}, 'content-length': body.length }
    const server = require('node:http').createServer((request, response) => {
      request.on('data', () => {})
      request.on('end', () => {
        response.writeHead(${String(answer.status)}, headers)
        response.end(body)
      })
    })
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'))`
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '-e', source], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  stopWithThisProcess(child)
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => {
      resolve(chunk.toString('utf8').trim())
    })
    child.once('exit', () => {
      reject(new Error('bare server exited'))
    })
  })
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM')
      rmSync(bodyFile, { force: true })
    },
  }
}
