// The built server as a child process for the benchmark and the memory probe: started as `npm start`
// starts it (bin/quire), and its resident memory read from /proc.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startServerProcess, type ServerProcess } from './server-process.js'

/** bin/quire: how the server is started in production, with its process settings. */
const LAUNCHER = fileURLToPath(new URL('../bin/quire', import.meta.url))

/** A started Quire server. */
export type RunningServer = ServerProcess

/**
 * Starts `script` (the built server) through bin/quire, as `npm start` does, on a free port with the
 * benchmark's environment: LOG_LEVEL warn and the login and per-user write limits lifted, so load is not
 * refused with 429. `nodeOptions` adds node flags, e.g. for a CPU profile; `env` adds or overrides
 * settings of one measurement.
 */
export async function startQuire(
  script: string,
  databaseUrl: string,
  workers: number,
  nodeOptions = '',
  env: Record<string, string> = {},
): Promise<RunningServer> {
  // The launcher execs node, so the child's pid is the server's own. BENCH_PLAIN_NODE=1 starts
  // `node script` without the launcher's settings, to measure what they change.
  const plain = process.env['BENCH_PLAIN_NODE'] === '1'
  return startServerProcess({
    ...(plain ? {} : { command: 'sh' }),
    args: plain ? [...nodeOptions.split(' ').filter(Boolean), script] : [LAUNCHER, script],
    env: {
      ...process.env,
      NODE: process.execPath,
      // Flags such as --cpu-prof are refused in NODE_OPTIONS; bin/quire passes NODE_ARGS to node.
      NODE_ARGS: `${process.env['NODE_ARGS'] ?? ''} ${nodeOptions}`.trim(),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
      AUTH_IP_LIMIT: '1000000/1m',
      LOGIN_FAILURE_LIMIT: '1000000/1m',
      // One bench user writes thousands of comments a second: the per-user write limits would refuse it.
      USER_POST_LIMIT: '1000000/1m',
      USER_COMMENT_LIMIT: '1000000/1m',
      WORKERS: String(workers),
      ...env,
    },
  })
}

/** Resident memory of a process and its children (cluster workers) in MiB: now and at its peak. */
export function residentMiB(pid: number | undefined): { rss: number; peak: number } {
  if (pid === undefined) return { rss: 0, peak: 0 }
  const read = (id: string): { rss: number; peak: number } => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8')
      const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
      return { rss: field('VmRSS'), peak: field('VmHWM') }
    } catch {
      return { rss: 0, peak: 0 }
    }
  }
  const kib = read(String(pid))
  try {
    const children = readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8').trim()
    for (const child of children.split(/\s+/).filter(Boolean)) {
      const figures = read(child)
      kib.rss += figures.rss
      kib.peak += figures.peak
    }
  } catch {
    // no children file: a single process
  }
  return { rss: Math.round(kib.rss / 1024), peak: Math.round(kib.peak / 1024) }
}
