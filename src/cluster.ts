import cluster, { type Worker } from 'node:cluster'
import type { Logger } from 'pino'

// WORKERS=N: this (primary) process forks N copies of the server that share the listening port
// (node:cluster hands connections out round-robin). Workers keep nothing per user in memory — sessions,
// rate limits and content live in the database — so any worker can answer any request.

/** How long past its own drain a worker may take to stop on SIGTERM (its own grace is 10 s). */
const WORKER_GRACE_MS = 12_000
/** A worker that dies sooner than this after starting is replaced after a pause, not in a tight loop. */
const QUICK_DEATH_MS = 5_000
const RESTART_PAUSE_MS = 1_000

/**
 * Runs the primary: forks `count` workers, replaces (and logs) any that dies, and on SIGTERM or
 * SIGINT asks every worker to drain (each waits `drainMs`, SHUTDOWN_DRAIN, then closes), then exits 0
 * once all have stopped (1 if one failed to).
 */
export function superviseWorkers(count: number, log: Logger, drainMs = 0): void {
  const startedAt = new Map<number, number>()
  let stopping = false
  let failed = false

  const fork = (): void => {
    const worker = cluster.fork()
    startedAt.set(worker.id, Date.now())
    log.info({ worker_pid: worker.process.pid }, 'worker started')
  }

  cluster.on('listening', (worker, address) => {
    log.info({ worker_pid: worker.process.pid, port: address.port }, 'worker listening')
  })

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0)
    startedAt.delete(worker.id)
    if (stopping) {
      if (code !== 0) failed = true
      log.info({ worker_pid: worker.process.pid, code, signal }, 'worker stopped')
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('shutdown complete')
        process.exit(failed ? 1 : 0)
      }
      return
    }
    log.error({ worker_pid: worker.process.pid, code, signal }, 'worker died; starting a replacement')
    if (lived < QUICK_DEATH_MS) setTimeout(fork, RESTART_PAUSE_MS)
    else fork()
  })

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down workers')
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
    if (workers.length === 0) process.exit(0)
    for (const worker of workers) worker.process.kill('SIGTERM')
    const forced = setTimeout(() => {
      log.error('workers did not stop in time; killing them')
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, drainMs + WORKER_GRACE_MS)
    forced.unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)

  for (let i = 0; i < count; i++) fork()
}
