// The WORKERS=2 target of `npm run bench`: what a second server process adds. It stands apart from
// the scenarios because it needs servers of its own (Quire with WORKERS=2, and on SQLite the reference
// floor in one and in two processes) driven against each other in the same rounds.
import { drive } from './load.js'
import { capture, median, startQuire } from './measure.js'
import { CONNECTIONS, DURATION_S, ROUNDS } from './options.js'
import { startReferenceServer } from './reference.js'
import type { Scenario } from './scenarios.js'
import type { RunningServer } from './server.js'

/** WORKERS=2 over WORKERS=1 for one scenario: Quire's, and (on SQLite) the reference floor's. */
export interface WorkersFigures {
  one: number
  two: number
  factor: number
  reference?: { one: number; two: number; factor: number }
}

/**
 * Throughput with WORKERS=2 over WORKERS=1 for `/me` and a comment write, alternating the two servers.
 * On SQLite the reference floor runs in one and in two processes in the same rounds, so a factor the
 * floor cannot reach either shows as such.
 */
export async function workersFactor(
  databaseUrl: string,
  picked: Scenario[],
  one: RunningServer,
  referenceDatabase: string | undefined,
): Promise<Record<string, WorkersFigures>> {
  const two = await startQuire(databaseUrl, 2)
  const factors: Record<string, WorkersFigures> = {}
  try {
    for (const scenario of picked) {
      const answer = referenceDatabase === undefined ? undefined : await capture(one.base, scenario.request)
      const references: Array<Awaited<ReturnType<typeof startReferenceServer>>> = []
      const rps: number[][] = [[], [], [], []]
      try {
        if (referenceDatabase !== undefined && answer !== undefined) {
          for (const processes of [1, 2]) {
            references.push(await startReferenceServer(referenceDatabase, answer, undefined, processes))
          }
        }
        const bases = [one.base, two.base, ...references.map((reference) => reference.base)]
        for (const base of bases) await drive(base, scenario.request, CONNECTIONS, 1)
        for (let round = 0; round < ROUNDS; round++) {
          for (const [i, base] of bases.entries()) {
            rps[i]?.push((await drive(base, scenario.request, CONNECTIONS, DURATION_S)).requestsPerSecond)
          }
        }
      } finally {
        for (const reference of references) await reference.stop()
      }
      const [oneRps = 0, twoRps = 0, referenceOne = 0, referenceTwo = 0] = rps.map((values) =>
        values.length === 0 ? 0 : median(values),
      )
      factors[scenario.key] = {
        one: oneRps,
        two: twoRps,
        factor: twoRps / oneRps,
        ...(references.length === 0
          ? {}
          : { reference: { one: referenceOne, two: referenceTwo, factor: referenceTwo / referenceOne } }),
      }
    }
  } finally {
    await two.stop()
  }
  return factors
}
