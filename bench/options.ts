// The settings of one `npm run bench`, read once from its flags and BENCH_* variables (the usage is at
// the top of bench/run.ts). Every part of the benchmark reads them from here, so a flag means the same
// thing to the scenarios, the side measurements and the report, and the output file follows from them.
import { join } from 'node:path'
import { PERF_NODE_FLAGS, perfUsable } from './perf.js'

const args = new Set(process.argv.slice(2))
export const QUICK = args.has('--quick')
export const SCALE = args.has('--scale')
export const EVENTS = args.has('--events')
export const POSTGRES = args.has('--postgres')
export const CPU_PROF = args.has('--cpu-prof')
export const PERF = args.has('--perf') && perfUsable()
if (args.has('--perf') && !PERF) {
  console.log(
    '--perf: perf is missing or may not profile these processes (apt-get install linux-perf); not profiled',
  )
}
/** Node flags of every server the benchmark starts (perf needs them to name JavaScript). */
export const SERVER_NODE_FLAGS = PERF ? [PERF_NODE_FLAGS] : []
export const DURATION_S = Number(process.env['BENCH_DURATION'] ?? (QUICK ? 1 : 3))
export const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? (QUICK ? 1 : 3))
export const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50)
export const ONLY = process.env['BENCH_ONLY']?.split(',')
// --scale starts small and grows the posts and sessions itself (10k, 100k, 1M).
export const DATA = QUICK
  ? { users: 100, posts: 25_000, comments: 1_000, attachments: 5 }
  : SCALE
    ? { users: 1_000, posts: 5_000, comments: 1_000, attachments: 5 }
    : { users: 1_000, posts: 100_000, comments: 10_000, attachments: 20 }
// A full run's figures are kept per engine (latest.json for SQLite, latest-postgres.json), so both
// sets can be quoted side by side; quick, scale and partial (BENCH_ONLY) runs are scratch and leave
// them alone. --events keeps its own (latest-events.json, latest-events-postgres.json; quick-events.json).
export const OUTPUT = join(
  'bench',
  'results',
  `${QUICK ? 'quick' : SCALE ? 'scale' : ONLY && !EVENTS ? 'partial' : 'latest'}${EVENTS ? '-events' : ''}${POSTGRES && !QUICK ? '-postgres' : ''}.json`,
)
// Another build to measure (e.g. an older revision's dist/server.js, for before → after figures).
export const SERVER_SCRIPT = process.env['BENCH_SERVER'] ?? 'dist/server.js'
// --events: another build (e.g. main's dist/server.js) whose comment write is driven in the same rounds.
export const BASELINE_SCRIPT = process.env['BENCH_BASELINE']
export const PROFILE_DIR = join('bench', 'results', 'profiles')
export const POSTGRES_ADMIN_URL =
  process.env['QUIRE_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
