// Runs every test file (or those given as arguments) with Node's built-in runner, TypeScript through
// tsx: first on SQLite, then again on PostgreSQL when the test server answers (QUIRE_TEST_POSTGRES_URL,
// default postgres://postgres@127.0.0.1:5432/postgres); without one, that pass is skipped with a notice.
// Node 20's --test does not expand globs itself, hence this small launcher.
//
// `--fast` (npm run test:fast) is the tier to run while working: SQLite only, and none of the slow
// tiers, which start built servers, browsers, load balancers or benchmarks (SLOW_TIERS below).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import pg from 'pg'

const postgresUrl = process.env.QUIRE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return findTests(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Test files run at once: one per core, at least two; the fast tier runs one more, because its files
 * spend part of their time waiting (timers, sockets, the policy thread) and a core should not idle.
 */
function concurrency(fast) {
  const cores = Math.max(2, availableParallelism())
  return fast ? cores + 1 : cores
}

function run(engine, files) {
  mkdirSync('test-results', { recursive: true })
  console.log(`\n=== Test pass on ${engine} ===\n`)
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      // Where the time goes, slowest file first: test-results/file-times-<engine>.txt.
      '--test-reporter=./scripts/file-times-reporter.mjs',
      `--test-reporter-destination=test-results/file-times-${engine}.txt`,
      `--test-concurrency=${concurrency(fast)}`,
      ...files,
    ],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', QUIRE_TEST_DB: engine } },
  )
  const times = `test-results/file-times-${engine}.txt`
  if (existsSync(times)) {
    const lines = readFileSync(times, 'utf8').split('\n').slice(0, 11).join('\n')
    console.log(`\nSlowest files on ${engine} (all in ${times}): ${lines}`)
  }
  return result.status ?? 1
}

/** Folders of test/ whose tests need more than the process itself: kept out of the fast tier. */
const SLOW_TIERS = ['e2e', 'scale', 'browser', 'machinery']

/** The test/ folder a file is in (its tier). */
function tierOf(file) {
  return file.split(/[\\/]/)[1]
}

/**
 * Slow tiers first, then the rest, each in name order: files start in this order as slots free up, and
 * the slow tiers hold the longest files (the benchmark's alone runs for minutes), so started last one of
 * them would run alone at the end of the pass while the other slots idle.
 */
function slowTiersFirst(a, b) {
  const slowA = SLOW_TIERS.includes(tierOf(a))
  const slowB = SLOW_TIERS.includes(tierOf(b))
  if (slowA !== slowB) return slowA ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

const fast = process.argv.includes('--fast')
const named = process.argv.slice(2).filter((arg) => arg !== '--fast')
const files =
  named.length > 0
    ? named
    : findTests('test')
        .map((f) => relative('.', f))
        .filter((f) => !fast || !SLOW_TIERS.includes(tierOf(f)))
        .sort(slowTiersFirst)
const engines = fast ? ['sqlite'] : (process.env.QUIRE_TEST_ENGINES ?? 'sqlite,postgres').split(',')
let failed = false
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresAnswers())) {
    console.log(
      `PostgreSQL does not answer at ${postgresUrl.replace(/\/\/[^@]*@/, '//…@')}: skipping the PostgreSQL test pass.`,
    )
    continue
  }
  if (run(engine, files) !== 0) failed = true
}
console.log(failed ? '\nTests FAILED' : '\nAll test passes succeeded')
process.exit(failed ? 1 : 0)
