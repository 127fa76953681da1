// Starting a server under measurement in its own process, on a free port, and waiting until it
// answers: shared by the benchmark (Quire and the reference floor) and the soak.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { createServer as createNetServer } from 'node:net'

/** A server running in a child process. */
export interface ServerProcess {
  base: string
  child: ChildProcess
  /** Sends SIGTERM and resolves once the process has exited. */
  stop: () => Promise<void>
}

/** What to start: `node <args>` with `env` (PORT and HOST are added), polled at `readyPath`. */
interface ServerProcessOptions {
  /** The program to run instead of this node (e.g. `sh`, for bin/quire). */
  command?: string
  args: string[]
  env: Record<string, string | undefined>
  stdio?: StdioOptions
  /** A path answering 2xx once the server is ready (default `/v1`, Quire's health check). */
  readyPath?: string
  /** How long to wait for it (default 30 s: a loaded machine starts Node slowly). */
  timeoutMs?: number
}

/** A TCP port nobody listens on right now. */
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

// Children that must not outlive the process that started them. Ctrl-C reaches the whole process
// group, but a `kill` of the runner's PID alone would skip every `finally` that stops them and leave
// servers holding their ports: so SIGTERM and SIGHUP stop them first.
const children = new Set<ChildProcess>()
const STOP_SIGNALS = ['SIGTERM', 'SIGHUP'] as const

function stopChildrenAndExit(signal: (typeof STOP_SIGNALS)[number]): void {
  for (const child of children) child.kill('SIGTERM')
  process.exit(128 + (signal === 'SIGTERM' ? 15 : 1))
}

/** Stops `child` with SIGTERM if this process is told to stop (SIGTERM, SIGHUP) before it has exited. */
export function stopWithThisProcess(child: ChildProcess): void {
  if (children.size === 0) {
    for (const signal of STOP_SIGNALS) process.on(signal, stopChildrenAndExit)
  }
  children.add(child)
  child.once('exit', () => {
    children.delete(child)
    if (children.size === 0) {
      for (const signal of STOP_SIGNALS) process.off(signal, stopChildrenAndExit)
    }
  })
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

/**
 * Starts `node <args>` listening on a free port of 127.0.0.1 and resolves once `readyPath` answers
 * 2xx. A process that exits first, or never answers, is stopped and the start fails at once.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort()
  const base = `http://127.0.0.1:${String(port)}`
  const child = spawn(options.command ?? process.execPath, options.args, {
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
  })
  stopWithThisProcess(child)
  const stop = stopper(child)
  const exited = (): boolean => child.exitCode !== null || child.signalCode !== null
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  while (!exited() && Date.now() < deadline) {
    try {
      if ((await fetch(base + (options.readyPath ?? '/v1'))).ok) return { base, child, stop }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const exitedEarly = exited()
  await stop()
  throw new Error(
    exitedEarly
      ? `${options.args.join(' ')} exited (${String(child.exitCode ?? child.signalCode)}) before answering`
      : `${options.args.join(' ')} did not answer within ${String(options.timeoutMs ?? 30_000)} ms`,
  )
}
