// What `npm run bench` prints and writes: a line per scenario as it finishes, then the Markdown tables
// and verdicts that are pasted into the documentation, and the same figures as JSON in bench/results/
// (the file named by bench/options.ts), so that a run's numbers can be quoted and compared later
// without rerunning it on the same machine.
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { LOAD_GENERATOR } from './load.js'
import type { EventsFigures } from './events.js'
import type { LoginFigures } from './login.js'
import { CONNECTIONS, DATA, DURATION_S, OUTPUT, POSTGRES, ROUNDS } from './options.js'
import { COMPONENTS, type Breakdown } from './perf.js'
import type { ScenarioResult } from './rounds.js'
import type { ScaleRow } from './scale.js'
import { POSTGRES_MAX_SLOWDOWN, WORKERS_TARGET } from './scenarios.js'
import type { WorkersFigures } from './workers.js'

export function format(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/** Why a target was missed: whether even the reference floor misses it (the stack) or not (Quire). */
function missedTarget(result: ScenarioResult): string {
  const target = result.ratioTarget ?? 0
  const missed =
    result.ratio < target
      ? `${result.name}: ${format(result.ratio, 2)}, target ≥ ${format(target, 2)} not met`
      : `${result.name}: target ≥ ${format(target, 2)} not met: ${String(result.failures)} failures`
  if (result.referenceRatio === undefined || result.ratio >= target) return missed
  const floor = format(result.referenceRatio, 2)
  return result.referenceRatio < target
    ? `${missed}; not reachable on this stack here: the floor is ${floor}`
    : `${missed}; the floor reaches ${floor}, so the gap is Quire's own (CPU/request ` +
        `${String(result.quireCpuMicros)} µs vs the floor's ${String(result.referenceCpuMicros)} µs)`
}

/** The --perf table of one scenario: CPU µs per request by component, bare / reference / Quire. */
function printBreakdown(result: ScenarioResult): void {
  const breakdown = result.cpuBreakdown
  if (breakdown === undefined) return
  const cell = (value: number | undefined): string => (value === undefined ? '–' : value.toFixed(1))
  const difference = (quire: number, reference: number | undefined): string =>
    reference === undefined ? '–' : `${quire >= reference ? '+' : ''}${(quire - reference).toFixed(1)}`
  console.log(
    `\n${result.name}: CPU µs per request by component (each server's share of the samples in one ` +
      'more round under perf, applied to the median CPU per request of its measured rounds)\n',
  )
  console.log('| component | bare | reference | Quire | Quire − reference |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  const sum = (values: Breakdown | undefined): number | undefined =>
    values === undefined ? undefined : COMPONENTS.reduce((total, { key }) => total + values[key], 0)
  for (const { key, name } of COMPONENTS) {
    const reference = breakdown.reference?.[key]
    const quire = breakdown.quire[key]
    console.log(
      `| ${name} | ${cell(breakdown.bare[key])} | ${cell(reference)} | ${cell(quire)} | ${difference(quire, reference)} |`,
    )
  }
  const referenceTotal = sum(breakdown.reference)
  const quireTotal = sum(breakdown.quire) ?? 0
  console.log(
    `| total (CPU per request, median of the rounds) | ${cell(sum(breakdown.bare))} | ${cell(referenceTotal)} | ${cell(quireTotal)} | ` +
      `${difference(quireTotal, referenceTotal)} |`,
  )
}

/** The progress line of a scenario, printed as soon as its rounds are done. */
export function printScenarioResult(result: ScenarioResult): void {
  const floor =
    result.referenceRatio === undefined
      ? ''
      : `; reference floor ${format(result.referenceRatio, 2)} of bare (${format(result.referenceRps ?? 0)} req/s, ` +
        `CPU/request ${String(result.referenceCpuMicros)} µs)`
  const beside =
    result.sqliteToPostgres === undefined
      ? ''
      : `; SQLite beside it ${format(result.sqliteRps ?? 0)} req/s, ${format(result.sqliteToPostgres, 2)}× PostgreSQL`
  console.log(
    `${result.name}: ${format(result.ratio, 2)} of bare (${format(result.quireRps)} vs ${format(result.bareRps)} req/s), ` +
      `p50 ${String(result.p50Ms)} ms, p99 ${String(result.p99Ms)} ms, failures ${String(result.failures)}, ` +
      `CPU/request ${String(result.quireCpuMicros)} µs vs ${String(result.bareCpuMicros)} µs${floor}${beside}; ` +
      `server peak RSS so far ${String(result.peakRssMiB)} MiB`,
  )
}

/** The --scale table, and its rows to bench/results/. */
export function writeScaleReport(rows: ScaleRow[]): void {
  console.log(
    '\n| posts and sessions | /me p50 ms | first page anon p50 ms | signed in p50 ms | deep token p50 ms |',
  )
  console.log('| ---: | ---: | ---: | ---: | ---: |')
  for (const row of rows) {
    console.log(
      `| ${format(row['size'] ?? 0)} | ${String(row['me_p50_ms'])} | ${String(row['list_anonymous_p50_ms'])} | ` +
        `${String(row['list_signed_in_p50_ms'])} | ${String(row['list_deep_token_p50_ms'])} |`,
    )
  }
  mkdirSync(join('bench', 'results'), { recursive: true })
  writeFileSync(
    OUTPUT,
    `${JSON.stringify({ date: new Date().toISOString(), engine: POSTGRES ? 'postgres' : 'sqlite', rows }, null, 2)}\n`,
  )
}

/** The --events table and verdicts, and its figures to bench/results/. */
export function writeEventsReport(figures: EventsFigures): void {
  const { streams, rss, latency, writes } = figures
  const machine = `${String(availableParallelism())} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${format(totalmem() / 2 ** 30, 1)} GiB`
  console.log(
    `\nLive events on one instance — ${POSTGRES ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}, ${machine}; ` +
      `${LOAD_GENERATOR} 1 thread, ${String(CONNECTIONS)} connections, ${String(ROUNDS)} × ${String(DURATION_S)} s rounds\n`,
  )
  console.log('| measure | figure |')
  console.log('| --- | ---: |')
  console.log(
    `| server RSS, no stream → ${format(streams)} open streams | ${String(rss.beforeMiB)} → ${String(rss.afterMiB)} MiB |`,
  )
  console.log(`| per open stream | ${format(rss.perStreamKiB)} KiB |`)
  console.log(
    `| commit → receipt, one event to ${format(streams)} streams (${String(latency.probes)} events, ` +
      `${format(latency.deliveries)} deliveries) | p50 ${String(latency.p50Ms)} ms, p99 ${String(latency.p99Ms)} ms, ` +
      `max ${String(latency.maxMs)} ms |`,
  )
  console.log(`| deliveries missed (not there within 10 s) | ${format(latency.missed)} |`)
  console.log(
    `| comment writes/s, no stream open | ${format(writes.noneRps)} (CPU ${String(writes.noneCpuMicros)} µs/write) |`,
  )
  console.log(
    `| comment writes/s, ${format(streams)} streams open | ${format(writes.withStreamsRps)} ` +
      `(CPU ${String(writes.withStreamsCpuMicros)} µs/write) |`,
  )
  console.log(
    `| share of the write throughput the open streams take (target ≤ 15 %) | ${format(writes.streamsCost * 100, 1)} % ` +
      `${writes.streamsCost <= 0.15 ? '✓' : '✗'} |`,
  )
  if (writes.baseline) {
    console.log(
      `| comment writes/s, ${writes.baseline.script} in the same rounds | ${format(writes.baseline.rps)} ` +
        `(CPU ${String(writes.baseline.cpuMicros)} µs/write) |`,
    )
    console.log(
      `| no stream open ÷ that build (target ≥ 0.90) | ${format(writes.baseline.noneToBaseline, 2)} ` +
        `${writes.baseline.noneToBaseline >= 0.9 ? '✓' : '✗'} |`,
    )
  }
  console.log(
    `| events that reached the written post's stream | ${format(writes.delivered)} of ${format(writes.written)} writes |`,
  )
  console.log(`| failed requests | ${format(writes.failures)} |`)
  mkdirSync(join('bench', 'results'), { recursive: true })
  const report = {
    date: new Date().toISOString(),
    engine: POSTGRES ? 'postgres' : 'sqlite',
    node: process.version,
    machine,
    loadGenerator: `${LOAD_GENERATOR}, 1 thread, ${String(CONNECTIONS)} connections`,
    rounds: ROUNDS,
    secondsPerRound: DURATION_S,
    data: DATA,
    ...figures,
  }
  writeFileSync(OUTPUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nWritten to ${OUTPUT}`)
}

/** What the scenarios and the side measurements of a run found, for the report. */
interface RunFigures {
  seedSeconds: number
  results: ScenarioResult[]
  login: LoginFigures | undefined
  /** The server's peak resident size through the run, in MiB. */
  peakRss: number
  workers: Record<string, WorkersFigures> | undefined
}

/** Page 1,000 by token against the first page, p50, when both scenarios ran. */
function page1000(
  results: ScenarioResult[],
): { deepP50Ms: number; firstP50Ms: number; within: boolean } | undefined {
  const firstPage = results.find((result) => result.key === 'list_signed_in')
  const deepPage = results.find((result) => result.key === 'list_page_1000')
  if (!firstPage || !deepPage) return undefined
  return {
    deepP50Ms: deepPage.p50Ms,
    firstP50Ms: firstPage.p50Ms,
    within: deepPage.p50Ms <= firstPage.p50Ms * 1.2,
  }
}

/** The table of every scenario, then the --perf breakdowns and why each missed target was missed. */
function printTable(results: ScenarioResult[], machine: string): void {
  console.log(
    `\nQuire vs the same bytes from bare node:http — ${POSTGRES ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}, ` +
      `${machine}; ${LOAD_GENERATOR} 1 thread, ${String(CONNECTIONS)} connections, ${String(ROUNDS)} × ${String(DURATION_S)} s rounds\n`,
  )
  console.log(
    '| scenario | Quire / bare | target | reference / bare | Quire / reference | Quire req/s | reference req/s | ' +
      `bare req/s | p50 ms | p99 ms | failures | CPU µs/req Quire / reference / bare |` +
      (POSTGRES ? ' SQLite req/s | SQLite ÷ PostgreSQL |' : ''),
  )
  console.log(
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${POSTGRES ? ' ---: | ---: |' : ''}`,
  )
  const orDash = (value: number | undefined, digits = 0): string =>
    value === undefined ? '–' : format(value, digits)
  const slowdown = (result: ScenarioResult): string =>
    result.sqliteToPostgres === undefined
      ? '–'
      : `${format(result.sqliteToPostgres, 2)} ${result.sqliteToPostgres <= POSTGRES_MAX_SLOWDOWN ? '✓' : '✗'}`
  for (const result of results) {
    const target =
      result.ratioTarget === undefined ? '' : `≥ ${format(result.ratioTarget, 2)} ${result.met ? '✓' : '✗'}`
    console.log(
      `| ${result.name} | ${format(result.ratio, 2)} | ${target} | ${orDash(result.referenceRatio, 2)} | ` +
        `${orDash(result.quireToReference, 2)} | ${format(result.quireRps)} | ${orDash(result.referenceRps)} | ` +
        `${format(result.bareRps)} | ${String(result.p50Ms)} | ${String(result.p99Ms)} | ${String(result.failures)} | ` +
        `${String(result.quireCpuMicros)} / ${orDash(result.referenceCpuMicros)} / ${String(result.bareCpuMicros)} |` +
        (POSTGRES ? ` ${orDash(result.sqliteRps)} | ${slowdown(result)} |` : ''),
    )
  }
  for (const result of results) printBreakdown(result)
  const missed = results.filter((result) => result.met === false)
  if (missed.length > 0) console.log('')
  for (const result of missed) console.log(missedTarget(result))
}

/** The run's other verdicts: PostgreSQL against SQLite, page 1,000, logins, memory and WORKERS=2. */
function printVerdicts({ results, login, peakRss, workers }: RunFigures): void {
  const compared = results.filter((result) => result.sqliteToPostgres !== undefined)
  if (compared.length > 0) {
    const slower = compared.filter((result) => (result.sqliteToPostgres ?? 0) > POSTGRES_MAX_SLOWDOWN)
    console.log(
      `\nPostgreSQL within ${String(POSTGRES_MAX_SLOWDOWN)}× of SQLite (same rounds): ` +
        `${String(compared.length - slower.length)} of ${String(compared.length)} scenarios ` +
        (slower.length === 0
          ? '✓'
          : `✗ (${slower.map((result) => `${result.key} ${format(result.sqliteToPostgres ?? 0, 2)}×`).join(', ')})`),
    )
  }
  const deep = page1000(results)
  if (deep) {
    console.log(
      `\nPage 1,000 by token: p50 ${String(deep.deepP50Ms)} ms vs first page ${String(deep.firstP50Ms)} ms ` +
        `(target ≤ 1.2×) ${deep.within ? '✓' : '✗'}`,
    )
  }
  if (login) {
    console.log(
      `Login: ${format(login.loginsPerSecond)}/s (target ≥ 80), health p99 meanwhile ${String(login.healthP99Ms)} ms ` +
        `(target < 50), failures ${String(login.loginFailures + login.healthFailures)} ${login.met ? '✓' : '✗'}; ` +
        `one argon2id hash ${String(login.argon2Ms)} ms here, so at most ~${String(login.argon2CeilingPerSecond)}/s on ` +
        `${String(availableParallelism())} cores`,
    )
  }
  console.log(
    `Server peak RSS through the run: ${String(peakRss)} MiB (target < 150) ${peakRss < 150 ? '✓' : '✗'}`,
  )
  for (const [key, figures] of Object.entries(workers ?? {})) {
    const reference = figures.reference
    const floor =
      reference === undefined
        ? ''
        : `; the reference floor: ${format(reference.two)} vs ${format(reference.one)} req/s = ${format(reference.factor, 2)}×`
    const verdict =
      figures.factor >= WORKERS_TARGET
        ? '✓'
        : reference !== undefined && reference.factor < WORKERS_TARGET
          ? '✗ (not reachable on this stack here: the floor misses it too)'
          : '✗'
    console.log(
      `WORKERS=2 on ${key}: ${format(figures.two)} vs ${format(figures.one)} req/s = ${format(figures.factor, 2)}× ` +
        `(target ≥ ${String(WORKERS_TARGET)}) ${verdict}${floor}`,
    )
  }
}

/** The summary tables and verdicts of a run, and its figures to bench/results/. */
export function writeReport(figures: RunFigures): void {
  const { seedSeconds, results, login, peakRss, workers } = figures
  const machine = `${String(availableParallelism())} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${format(totalmem() / 2 ** 30, 1)} GiB`
  printTable(results, machine)
  printVerdicts(figures)
  mkdirSync(join('bench', 'results'), { recursive: true })
  const report = {
    date: new Date().toISOString(),
    engine: POSTGRES ? 'postgres' : 'sqlite',
    node: process.version,
    machine,
    loadGenerator: `${LOAD_GENERATOR}, 1 thread, ${String(CONNECTIONS)} connections`,
    rounds: ROUNDS,
    secondsPerRound: DURATION_S,
    data: { ...DATA, seedSeconds: Number(seedSeconds.toFixed(1)) },
    scenarios: results,
    page1000Within1_2xOfFirstPage: page1000(results)?.within,
    login,
    peakRssMiB: peakRss,
    workers,
  }
  writeFileSync(OUTPUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nWritten to ${OUTPUT}`)
}
