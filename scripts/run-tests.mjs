// Runs every test file (or those given as arguments) with Node's built-in runner, TypeScript through
// tsx: first on SQLite, then again on PostgreSQL when the test server answers (QUIRE_TEST_POSTGRES_URL,
// default postgres://postgres@127.0.0.1:5432/postgres); without one, that pass is skipped with a notice.
// Node 20's --test does not expand globs itself, hence this small launcher.
//
// `--fast` (npm run test:fast) is the tier to run while working: SQLite only, and none of the slow
// tiers, which start built servers, browsers, load balancers or benchmarks (SLOW_TIERS below).
//
// Files of the in-process tiers share processes: each group of them is one entry file that imports
// its members in turn, so tsx loads the sources once per group instead of once per file (that start-up
// was most of the fast tier's time). Each file's tests still run one after another, and files of
// different groups in parallel. Slow-tier files keep a process each: they time servers, read their own
// memory or spawn tools. `--isolate` gives every file a process of its own, to rule out a file
// disturbing another. Node 22's --test-isolation=none would group everything into one process; groups
// work the same on Node 20, 22 and 24, and keep several cores busy.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
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
 * Processes run at once: one per core, at least two. The fast tier runs one more, because its files
 * spend part of their time waiting (timers, sockets, the policy thread) and a core should not idle
 * meanwhile; the whole run keeps one per core for the slow tiers, which time servers and benchmarks.
 */
function concurrency(fast) {
  const cores = Math.max(2, availableParallelism())
  return fast ? cores + 1 : cores
}

/** Folders of test/ whose tests need more than the process itself: kept out of the fast tier. */
const SLOW_TIERS = ['e2e', 'scale', 'browser', 'machinery']

/** The test/ folder a file is in (its tier). */
function tierOf(file) {
  return file.split(/[\\/]/)[1]
}

function isSlow(file) {
  return SLOW_TIERS.includes(tierOf(file))
}

/**
 * What each file is expected to cost, in milliseconds: its time in this engine's last run
 * (test-results/file-times-<engine>.txt), else a guess from its size (about 1 s per 4 KB, which is
 * what the fast tier's files average).
 */
function expectedTimes(engine, files) {
  const last = new Map()
  const path = `test-results/file-times-${engine}.txt`
  if (existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n').slice(1)) {
      const match = /^\s*([\d.]+) s {2}(.+)$/.exec(line)
      if (match) last.set(match[2], Number(match[1]) * 1000)
    }
  }
  return new Map(files.map((file) => [file, last.get(file) ?? statSync(file).size / 4]))
}

/**
 * Splits the in-process files into groups of about equal expected time, longest file first into the
 * group with least so far. Twice as many groups as processes run at once: few enough that start-up
 * is paid a handful of times, enough that a group that waits (timers, sockets) leaves the cores to
 * others and the last groups finish together.
 */
function groupsOf(files, times, count) {
  const groups = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [], time: 0 }))
  const longestFirst = [...files].sort(
    (a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0) || (a < b ? -1 : 1),
  )
  for (const file of longestFirst) {
    const lightest = groups.reduce((best, group) => (group.time < best.time ? group : best))
    lightest.files.push(file)
    lightest.time += times.get(file) ?? 0
  }
  return groups.filter((group) => group.files.length > 0)
}

/**
 * Writes one entry file per group (in test-results/groups/), importing its members in name order. A
 * member that fails to load becomes a failing test of that name, and the others still run.
 */
function writeGroupEntries(engine, groups) {
  const dir = join('test-results', 'groups')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return groups
    .sort((a, b) => b.time - a.time)
    .map((group, index) => {
      const path = join(dir, `${engine}-${String(index + 1).padStart(2, '0')}.test.mjs`)
      const members = group.files.sort().map((file) => [file, pathToFileURL(resolve(file)).href])
      writeFileSync(
        path,
        [
          '// Written by scripts/run-tests.mjs: test files that share a process.',
          "import { test } from 'node:test'",
          `for (const [file, url] of ${JSON.stringify(members)}) {`,
          '  try {',
          '    await import(url)',
          '  } catch (error) {',
          '    test(`${file} loads`, () => {',
          '      throw error',
          '    })',
          '  }',
          '}',
          '',
        ].join('\n'),
      )
      return path
    })
}

/**
 * What Node's runner is given: slow-tier files first, each on its own, then the groups, longest
 * first: files start in this order as slots free up, and the slow tiers hold the longest files (the
 * benchmark's alone runs for minutes), so started last one of them would run alone at the end of the
 * pass while the other slots idle.
 */
function entries(engine, files, isolate, fast) {
  const slow = files.filter(isSlow).sort()
  const inProcess = files.filter((file) => !isSlow(file)).sort()
  if (isolate) return [...slow, ...inProcess]
  const groups = groupsOf(inProcess, expectedTimes(engine, inProcess), 2 * concurrency(fast))
  return [...slow, ...writeGroupEntries(engine, groups)]
}

function run(engine, files, isolate, fast) {
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
      ...entries(engine, files, isolate, fast),
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

const fast = process.argv.includes('--fast')
const isolate = process.argv.includes('--isolate')
const named = process.argv.slice(2).filter((arg) => arg !== '--fast' && arg !== '--isolate')
const files =
  named.length > 0
    ? named.map((file) => relative('.', file))
    : findTests('test')
        .map((f) => relative('.', f))
        .filter((f) => !fast || !isSlow(f))
const engines = fast ? ['sqlite'] : (process.env.QUIRE_TEST_ENGINES ?? 'sqlite,postgres').split(',')
let failed = false
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresAnswers())) {
    console.log(
      `PostgreSQL does not answer at ${postgresUrl.replace(/\/\/[^@]*@/, '//…@')}: skipping the PostgreSQL test pass.`,
    )
    continue
  }
  if (run(engine, files, isolate, fast) !== 0) failed = true
}
console.log(failed ? '\nTests FAILED' : '\nAll test passes succeeded')
process.exit(failed ? 1 : 0)
