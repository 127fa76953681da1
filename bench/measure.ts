// What every measurement of `npm run bench` shares: Quire started with the run's profiling flags, a
// scenario's answer captured from Quire for the bare server and the reference floor to replay, and
// the median that every figure over several rounds is reported as (one round alone moves with
// whatever else the machine is doing).
import { mkdirSync } from 'node:fs'
import type { CapturedAnswer, RequestShape } from './load.js'
import { CPU_PROF, PROFILE_DIR, SERVER_NODE_FLAGS, SERVER_SCRIPT } from './options.js'
import { startQuire as startServer, type RunningServer } from './server.js'

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The build under measurement with `workers` processes, profiled as the run's flags ask; `env` adds settings. */
export async function startQuire(
  databaseUrl: string,
  workers: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  if (CPU_PROF) mkdirSync(PROFILE_DIR, { recursive: true })
  return startServer(
    SERVER_SCRIPT,
    databaseUrl,
    workers,
    // Only single processes are profiled with perf (a cluster's workers would leave their maps behind).
    [CPU_PROF ? `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` : '', ...(workers === 1 ? SERVER_NODE_FLAGS : [])]
      .join(' ')
      .trim(),
    env,
  )
}

/**
 * Response headers the floor does not copy: those Node's HTTP server writes itself, and the content
 * type (captured on its own).
 */
const UNCOPIED_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
])

/** Quire's answer to `request`, to be replayed byte for byte; anything but 2xx stops the run. */
export async function capture(base: string, request: RequestShape): Promise<CapturedAnswer> {
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status < 200 || response.status > 299) {
    throw new Error(
      `${request.method} ${request.path} answered ${String(response.status)}: ${body.toString()}`,
    )
  }
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!UNCOPIED_HEADERS.has(name)) headers[name] = value
  })
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body, headers }
}
