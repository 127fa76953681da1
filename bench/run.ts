// `npm run bench`: Quire against the same-bytes ceiling. The data set (1,000 users, 100,000 posts,
// 10,000 comments, 100 KB attachments) is seeded straight into a fresh database; the built server
// (`dist/server.js`) serves it; for each scenario Quire's answer is captured once and a bare node:http
// server answers exactly those bytes. On SQLite a reference floor (bench/reference.ts: Fastify plus the
// scenario's own statements, answering the same bytes) shows the least this stack needs for each
// scenario. Bare, reference and Quire alternate, several rounds per scenario, and the median ratios
// are reported: compare figures within one run, since shared machines are noisy.
//
//   npm run bench                      the full run; writes bench/results/latest.json
//   npm run bench -- --quick           a smoke run (small data, 1 s, one round); bench/results/quick.json
//   npm run bench -- --scale           /me and the lists at 10k, 100k and 1M posts and sessions
//   npm run bench -- --events          live events on one instance: 1,000 open streams (RSS before and
//                                      after), commit-to-receipt latency of one event on all of them, and
//                                      the comment write with none and with all of them open (bench/events.ts);
//                                      with --postgres on PostgreSQL
//   npm run bench -- --postgres        on a throwaway PostgreSQL database (QUIRE_TEST_POSTGRES_URL),
//                                      with Quire on a SQLite copy of the same data driven beside it in
//                                      every round; bench/results/latest-postgres.json
//   npm run bench -- --cpu-prof        the server writes CPU profiles to bench/results/profiles/, and
//                                      each scenario's reference floor to profiles/reference-<scenario>/
//   npm run bench -- --perf            after each scenario's rounds, one more round of bare, reference and
//                                      Quire under Linux perf: CPU per request by component (bench/perf.ts)
//   BENCH_SERVER=../old/dist/server.js                 measure another build against the same data
//
// This file holds only the run's order of work, so it reads as the list of steps above: what is
// measured and its targets are in bench/scenarios.ts, how a scenario is driven in bench/rounds.ts (the
// login, WORKERS=2 and --scale measurements in login.ts, workers.ts and scale.ts), the flags in
// bench/options.ts, and what is printed and written in bench/report.ts.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { loadConfig } from '../src/config.js'
import { createDb } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { freshDatabase, sqliteCopyOf } from './databases.js'
import { loginScenario } from './login.js'
import { startQuire } from './measure.js'
import { DATA, EVENTS, ONLY, POSTGRES, SCALE } from './options.js'
import { removePerfMap } from './perf.js'
import { eventsRun } from './events.js'
import { format, printScenarioResult, writeEventsReport, writeReport, writeScaleReport } from './report.js'
import { runScenario, type ScenarioResult } from './rounds.js'
import { scaleRun } from './scale.js'
import { scenarios } from './scenarios.js'
import { seed } from './seed.js'
import { residentMiB, type RunningServer } from './server.js'
import { workersFactor } from './workers.js'

async function main(): Promise<void> {
  if (!existsSync('dist/server.js')) {
    console.log('dist/server.js is missing: building first (npm run build)')
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
  }
  const database = await freshDatabase()
  const db = createDb(loadConfig({ DATABASE_URL: database.url }).database)
  let server: RunningServer | undefined
  let sqliteServer: RunningServer | undefined
  let sqliteCopy: { url: string; drop: () => void } | undefined
  try {
    await migrateToLatest(db)
    const seedStart = performance.now()
    const data = await seed(db, DATA)
    const seedSeconds = (performance.now() - seedStart) / 1000
    console.log(
      `Seeded ${format(DATA.users)} users, ${format(data.posts)} posts, ${format(data.comments)} comments and ` +
        `${format(data.attachments)} attachments of 100 KB in ${seedSeconds.toFixed(1)} s`,
    )

    if (SCALE) {
      writeScaleReport(await scaleRun(db, database.url, data))
      return
    }
    if (EVENTS) {
      writeEventsReport(await eventsRun(db, database.url, data))
      return
    }

    server = await startQuire(database.url, 1)
    if (POSTGRES) {
      const copyStart = performance.now()
      sqliteCopy = await sqliteCopyOf(db)
      sqliteServer = await startQuire(sqliteCopy.url, 1)
      console.log(
        `Copied the data set to SQLite in ${((performance.now() - copyStart) / 1000).toFixed(1)} s: Quire on it ` +
          'runs beside Quire on PostgreSQL in every round',
      )
    }
    const auth = { authorization: `Bearer ${data.benchToken}` }
    // Page 1,000 of 20: the token the 999th page hands out, reached once by offset.
    const before = await fetch(`${server.base}/v1/posts?limit=20&from=19980`, { headers: auth })
    const deepToken = ((await before.json()) as { next_page_token?: string }).next_page_token
    if (deepToken === undefined) throw new Error('the feed has fewer than 20,000 posts')

    const all = scenarios(data, deepToken)
    const only = ONLY
    const picked = only
      ? all.filter((scenario) => only.includes(scenario.key) || scenario.key === 'health')
      : all
    const databaseConfig = loadConfig({ DATABASE_URL: database.url }).database
    const referenceDatabase = databaseConfig.kind === 'sqlite' ? databaseConfig.path : undefined
    if (referenceDatabase === undefined) {
      console.log('The reference floor (bench/reference.ts) runs on SQLite only: not measured here.')
    }
    const ceilings = new Map<string, number[]>()
    const results: ScenarioResult[] = []
    for (const scenario of picked) {
      const result = await runScenario(server, scenario, ceilings, referenceDatabase, sqliteServer)
      results.push(result)
      printScenarioResult(result)
    }
    const login = ONLY && !ONLY.includes('login') ? undefined : await loginScenario(server, data)
    const peakRss = residentMiB(server.child.pid).peak
    const workers =
      ONLY && !ONLY.includes('workers')
        ? undefined
        : await workersFactor(
            database.url,
            all.filter((scenario) => ['me', 'comment_write'].includes(scenario.key)),
            server,
            referenceDatabase,
          )
    writeReport({ seedSeconds, results, login, peakRss, workers })
  } finally {
    await server?.stop()
    await sqliteServer?.stop()
    removePerfMap(server?.child.pid)
    removePerfMap(sqliteServer?.child.pid)
    sqliteCopy?.drop()
    await db.destroy()
    await database.drop()
  }
}

await main()
