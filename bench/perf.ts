// `npm run bench -- --perf`: where each server's CPU time per request goes, bare Node, the reference
// floor and Quire side by side, from Linux `perf` sampling CPU time (every thread, kernel included).
// V8's own profiler (--cpu-prof) samples wall-clock time on the main thread only: the moments a server
// spends inside a system call count as the JavaScript that made it, and the garbage collector's and
// the kernel's share cannot be told apart from the code's. Needs `perf` (Debian's `linux-perf`) and
// the right to profile the servers (root, or kernel.perf_event_paranoid ≤ 1); without them the
// benchmark says so in one line and runs as usual.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where a sample's CPU time went, by the innermost frame that says: in the order of the table. */
export const COMPONENTS = [
  { key: 'kernel', name: 'kernel (system calls, TCP, scheduling)' },
  { key: 'node', name: 'Node.js (HTTP, streams, timers)' },
  { key: 'sqlite', name: 'SQLite (better-sqlite3)' },
  { key: 'gc', name: 'garbage collection' },
  { key: 'fastify', name: 'Fastify and its router' },
  { key: 'serializer', name: 'fast-json-stringify' },
  { key: 'generated', name: 'generated code (serializers, validators)' },
  { key: 'kysely', name: 'Kysely' },
  { key: 'logging', name: 'pino' },
  { key: 'packages', name: 'other packages' },
  { key: 'own', name: "the server's own code" },
  { key: 'runtime', name: 'V8 and Node.js C++ (compiler, event loop)' },
] as const

export type Component = (typeof COMPONENTS)[number]['key']

/** Microseconds of CPU per request in each component; they add up to the CPU per request they split. */
export type Breakdown = Record<Component, number>

/** Node flags that make a server name its compiled JavaScript for perf (a /tmp/perf-<pid>.map). */
export const PERF_NODE_FLAGS = '--perf-basic-prof-only-functions'

/** Whether perf is installed and may profile this user's processes (checked once, by profiling one). */
export function perfUsable(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-perf-'))
  try {
    const result = spawnSync(
      'perf',
      ['record', '-q', '-e', 'cpu-clock', '-o', join(dir, 'probe.data'), '--', 'true'],
      { stdio: 'ignore', timeout: 20_000 },
    )
    return result.error === undefined && result.status === 0
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Removes the symbol map a server started with PERF_NODE_FLAGS wrote, once it has stopped. */
export function removePerfMap(pid: number | undefined): void {
  if (pid !== undefined) rmSync(`/tmp/perf-${String(pid)}.map`, { force: true })
}

const PACKAGE_OF = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//
const FASTIFY_PACKAGES =
  /^(fastify|@fastify\/.*|find-my-way|avvio|light-my-request|fast-querystring|fast-uri|fast-decode-uri-component|toad-cache|abstract-logging|process-warning|safe-regex2|ret)$/
const GC_FRAME = /Heap::|Scavenge|MarkCompact|ConcurrentMarking|Sweeper|MinorMS|IncrementalMarking/

function componentOfScript(frame: string): Component {
  // "JS:*name file:///…/x.js:1:2", "JS:^name node:net:359:16", or generated code with no script
  // ("JS:*anonymous2 :87:27": new Function, as schema serializers and validators are built).
  const where = frame.slice(frame.indexOf(' ') + 1)
  if (where.startsWith('node:')) return 'node'
  if (where.startsWith(':')) return 'generated'
  const name = PACKAGE_OF.exec(where)?.[1]
  if (name === undefined) return 'own'
  if (FASTIFY_PACKAGES.test(name)) return 'fastify'
  if (name === 'fast-json-stringify') return 'serializer'
  if (name === 'kysely') return 'kysely'
  if (name === 'pino' || name.startsWith('pino-')) return 'logging'
  return 'packages'
}

/** A sample's component: the kernel if it ran there, else the innermost frame that names one. */
function componentOf(frames: Array<{ symbol: string; dso: string }>): Component {
  if (frames[0]?.dso === '[kernel.kallsyms]') return 'kernel'
  for (const { symbol, dso } of frames) {
    if (dso.includes('better_sqlite3')) return 'sqlite'
    if (GC_FRAME.test(symbol)) return 'gc'
    if (symbol.startsWith('JS:')) return componentOfScript(symbol)
  }
  return 'runtime'
}

/** Counts perf script's samples (stacks innermost first, blank-line separated) by component. */
export function countSamples(script: string): Record<Component, number> {
  const counts = Object.fromEntries(COMPONENTS.map(({ key }) => [key, 0])) as Record<Component, number>
  let frames: Array<{ symbol: string; dso: string }> = []
  const flush = (): void => {
    if (frames.length > 0) counts[componentOf(frames)] += 1
    frames = []
  }
  for (const line of script.split('\n')) {
    const text = line.trim()
    if (text === '') {
      flush()
      continue
    }
    // "<ip> <symbol> (<dso>)"; the symbol may hold spaces and parentheses, the dso is the last group.
    const open = text.lastIndexOf(' (')
    const space = text.indexOf(' ')
    if (open < 0 || space < 0) continue
    frames.push({ symbol: text.slice(space + 1, open), dso: text.slice(open + 2, -1) })
  }
  flush()
  return counts
}

/** Each component's share of a profile's samples (they add up to 1; all 0 for an empty profile). */
export type Shares = Record<Component, number>

/** The CPU per request split in proportion to `shares`. */
export function breakdownOf(shares: Shares, cpuMicrosPerRequest: number): Breakdown {
  return Object.fromEntries(
    COMPONENTS.map(({ key }) => [key, shares[key] * cpuMicrosPerRequest]),
  ) as Breakdown
}

/**
 * Runs `work` (a load run) while perf samples the process `pid`, and returns each component's share
 * of the samples. The shares move less than the CPU per request itself when other work competes for
 * the machine, so the benchmark applies them to the median of its measured rounds.
 */
export async function profileWhile(pid: number, work: () => Promise<unknown>): Promise<Shares> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-perf-'))
  const data = join(dir, 'perf.data')
  try {
    const recorder = spawn(
      'perf',
      ['record', '-q', '-F', '999', '-e', 'cpu-clock', '--call-graph', 'fp', '-p', String(pid), '-o', data],
      { stdio: 'ignore' },
    )
    // Settles on exit, or on a failure to start at all (then the profile is empty and every share 0).
    const exited = new Promise<void>((resolve) => {
      recorder.once('exit', () => {
        resolve()
      })
      recorder.once('error', () => {
        resolve()
      })
    })
    // perf attaches to every thread before it samples; the load starts once it has.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await work()
    recorder.kill('SIGINT')
    await exited
    // Null when perf could not run at all: an empty profile.
    const script = spawnSync('perf', ['script', '-F', 'ip,sym,dso', '-i', data], {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
    }).stdout as string | null
    const counts = countSamples(script ?? '')
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
    return Object.fromEntries(
      COMPONENTS.map(({ key }) => [key, total === 0 ? 0 : counts[key] / total]),
    ) as Shares
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
