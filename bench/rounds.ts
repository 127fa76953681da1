// One scenario's measured rounds: bare, the reference floor (on SQLite) and Quire (and, on PostgreSQL,
// Quire on a SQLite copy) driven in turn in every round, so each round compares servers under the same
// load on the machine, and the result is the median of the rounds. With --perf one more round of each
// runs under perf, to say where the CPU per request went.
import { join } from 'node:path'
import { drive, startBareServer, type LoadFigures } from './load.js'
import { capture, median } from './measure.js'
import { CONNECTIONS, CPU_PROF, DURATION_S, PERF, PROFILE_DIR, ROUNDS, SERVER_NODE_FLAGS } from './options.js'
import { breakdownOf, profileWhile, removePerfMap, type Breakdown, type Shares } from './perf.js'
import { startReferenceServer } from './reference.js'
import type { Scenario } from './scenarios.js'
import { residentMiB, type RunningServer } from './server.js'

/** What one scenario measured: the figures written to bench/results/ and shown in the table. */
export interface ScenarioResult {
  key: string
  name: string
  ratio: number
  ratioTarget?: number
  met?: boolean
  quireRps: number
  bareRps: number
  p50Ms: number
  p99Ms: number
  failures: number
  /** Server CPU per request, Quire and bare: a contention-proof view of the same comparison. */
  quireCpuMicros: number
  bareCpuMicros: number
  /** The reference floor's ratio to the same ceiling as Quire's (SQLite runs only). */
  referenceRatio?: number
  referenceRps?: number
  referenceCpuMicros?: number
  /** Quire's req/s over the reference's (median of the rounds): how close Quire gets to the floor. */
  quireToReference?: number
  /** The server's peak resident size (VmHWM) so far, read when the scenario ends: shows which load grows it. */
  peakRssMiB: number
  /** PostgreSQL runs: Quire on a SQLite copy of the data, driven in the same rounds. */
  sqliteRps?: number
  /**
   * PostgreSQL runs: SQLite's req/s over PostgreSQL's, median of the rounds (at most
   * POSTGRES_MAX_SLOWDOWN, bench/scenarios.ts).
   */
  sqliteToPostgres?: number
  rounds: Array<{ quire: LoadFigures; bare: LoadFigures; reference?: LoadFigures; sqlite?: LoadFigures }>
  /**
   * With --perf: CPU µs per request by component: each server's shares of the samples in one more
   * round under perf, applied to the median CPU per request of its measured rounds.
   */
  cpuBreakdown?: { bare: Breakdown; reference?: Breakdown; quire: Breakdown }
}

/** Drives `scenario` for the run's rounds; `ceilings` collects each scenario's bare req/s for `ceilingOf`. */
export async function runScenario(
  server: RunningServer,
  scenario: Scenario,
  ceilings: Map<string, number[]>,
  referenceDatabase: string | undefined,
  sqliteServer: RunningServer | undefined,
): Promise<ScenarioResult> {
  const answer = await capture(server.base, scenario.request)
  const bare = await startBareServer(answer, SERVER_NODE_FLAGS)
  const rounds: ScenarioResult['rounds'] = []
  let reference: Awaited<ReturnType<typeof startReferenceServer>> | undefined
  let shares: ScenarioShares | undefined
  try {
    if (referenceDatabase !== undefined) {
      const profiles = CPU_PROF ? join(PROFILE_DIR, `reference-${scenario.key}`) : undefined
      reference = await startReferenceServer(referenceDatabase, answer, profiles, 1, SERVER_NODE_FLAGS)
    }
    // Fresh processes are cold (JIT, SQLite's page cache), and so may be Quire's route: one unmeasured
    // second each, so the first round already compares warm servers.
    for (const base of [bare.base, reference?.base, server.base, sqliteServer?.base]) {
      if (base !== undefined) await drive(base, scenario.request, CONNECTIONS, 1)
    }
    for (let round = 0; round < ROUNDS; round++) {
      const bareFigures = await drive(bare.base, scenario.request, CONNECTIONS, DURATION_S, bare.pid)
      const referenceFigures =
        reference === undefined
          ? undefined
          : await drive(reference.base, scenario.request, CONNECTIONS, DURATION_S, reference.pid)
      const quireFigures = await drive(
        server.base,
        scenario.request,
        CONNECTIONS,
        DURATION_S,
        server.child.pid,
      )
      const sqliteFigures =
        sqliteServer === undefined
          ? undefined
          : await drive(sqliteServer.base, scenario.request, CONNECTIONS, DURATION_S, sqliteServer.child.pid)
      rounds.push({
        bare: bareFigures,
        ...(referenceFigures === undefined ? {} : { reference: referenceFigures }),
        quire: quireFigures,
        ...(sqliteFigures === undefined ? {} : { sqlite: sqliteFigures }),
      })
    }
    if (PERF) shares = await profileScenario(scenario, bare, reference, server)
  } finally {
    bare.stop()
    await reference?.stop()
    removePerfMap(bare.pid)
    removePerfMap(reference?.pid)
  }
  ceilings.set(
    scenario.key,
    rounds.map((round) => round.bare.requestsPerSecond),
  )
  const ceiling = scenario.ceilingOf === undefined ? undefined : ceilings.get(scenario.ceilingOf)
  const ceilingOfRound = (round: number): number =>
    ceiling?.[round % ceiling.length] ?? rounds[round]?.bare.requestsPerSecond ?? 0
  const ratio = median(rounds.map((round, i) => round.quire.requestsPerSecond / ceilingOfRound(i)))
  const failures = rounds.reduce((sum, round) => sum + round.quire.failures, 0)
  const referenceRounds = rounds.flatMap((round, i) =>
    round.reference === undefined ? [] : [{ ...round, reference: round.reference, i }],
  )
  const sqliteRounds = rounds.flatMap((round) =>
    round.sqlite === undefined ? [] : [{ quire: round.quire, sqlite: round.sqlite }],
  )
  const referenceFailures = referenceRounds.reduce((sum, round) => sum + round.reference.failures, 0)
  if (referenceFailures > 0) {
    console.log(`${scenario.name}: the reference floor answered ${String(referenceFailures)} failures`)
  }
  const quireCpuMicros = median(rounds.map((round) => round.quire.cpuMicrosPerRequest ?? 0))
  const bareCpuMicros = median(rounds.map((round) => round.bare.cpuMicrosPerRequest ?? 0))
  const referenceCpuMicros =
    referenceRounds.length === 0
      ? undefined
      : median(referenceRounds.map((round) => round.reference.cpuMicrosPerRequest ?? 0))
  return {
    key: scenario.key,
    name:
      scenario.ceilingOf === undefined ? scenario.name : `${scenario.name} (vs bare ${scenario.ceilingOf})`,
    ratio,
    ...(scenario.target
      ? { ratioTarget: scenario.target.ratio, met: ratio >= scenario.target.ratio && failures === 0 }
      : {}),
    quireRps: median(rounds.map((round) => round.quire.requestsPerSecond)),
    bareRps: median(rounds.map((round) => round.bare.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.quire.p50Ms)),
    p99Ms: median(rounds.map((round) => round.quire.p99Ms)),
    failures,
    quireCpuMicros,
    bareCpuMicros,
    peakRssMiB: residentMiB(server.child.pid).peak,
    ...(referenceRounds.length === 0
      ? {}
      : {
          referenceRatio: median(
            referenceRounds.map((round) => round.reference.requestsPerSecond / ceilingOfRound(round.i)),
          ),
          referenceRps: median(referenceRounds.map((round) => round.reference.requestsPerSecond)),
          referenceCpuMicros,
          quireToReference: median(
            referenceRounds.map((round) => round.quire.requestsPerSecond / round.reference.requestsPerSecond),
          ),
        }),
    ...(sqliteRounds.length === 0
      ? {}
      : {
          sqliteRps: median(sqliteRounds.map((round) => round.sqlite.requestsPerSecond)),
          sqliteToPostgres: median(
            sqliteRounds.map((round) => round.sqlite.requestsPerSecond / round.quire.requestsPerSecond),
          ),
        }),
    rounds,
    // The shares of one profiled round, applied to the median CPU per request of the measured rounds:
    // one round alone moves with the machine's load.
    ...(shares === undefined
      ? {}
      : {
          cpuBreakdown: {
            bare: breakdownOf(shares.bare, bareCpuMicros),
            ...(shares.reference === undefined || referenceCpuMicros === undefined
              ? {}
              : { reference: breakdownOf(shares.reference, referenceCpuMicros) }),
            quire: breakdownOf(shares.quire, quireCpuMicros),
          },
        }),
  }
}

/** Each server's shares of the CPU samples in one more round of it under perf (bench/perf.ts). */
interface ScenarioShares {
  bare: Shares
  reference?: Shares
  quire: Shares
}

/** One more round of each server under perf, after the measured ones: where each one's CPU went. */
async function profileScenario(
  scenario: Scenario,
  bare: { base: string; pid: number | undefined },
  reference: { base: string; pid: number | undefined } | undefined,
  server: RunningServer,
): Promise<ScenarioShares | undefined> {
  const profile = async (base: string, pid: number | undefined): Promise<Shares | undefined> =>
    pid === undefined
      ? undefined
      : profileWhile(pid, () => drive(base, scenario.request, CONNECTIONS, DURATION_S))
  const bareShares = await profile(bare.base, bare.pid)
  const referenceShares = reference === undefined ? undefined : await profile(reference.base, reference.pid)
  const quireShares = await profile(server.base, server.child.pid)
  if (bareShares === undefined || quireShares === undefined) return undefined
  return {
    bare: bareShares,
    ...(referenceShares === undefined ? {} : { reference: referenceShares }),
    quire: quireShares,
  }
}
