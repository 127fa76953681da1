import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { runSoak } from '../../bench/soak.js'
import { ensureBuilt } from '../e2e/built-server.js'
import { freshDatabaseUrl, TEST_ENGINE } from '../helpers.js'

// The short CI setting of `npm run soak`: the same mixed workload at 100 connections, for
// SOAK_DURATION seconds (8 here by default; the script's own default is 60).

const DURATION_SECONDS = Number(process.env['SOAK_DURATION'] ?? 8)

describe('soak (short setting)', () => {
  it(`serves a mixed workload at 100 connections for ${DURATION_SECONDS} s with no 5xx, no dropped connection, flat memory (${TEST_ENGINE})`, async (t) => {
    await ensureBuilt(t)
    const report = await runSoak({
      durationSeconds: DURATION_SECONDS,
      connections: 100,
      databaseUrl: await freshDatabaseUrl(t),
    })
    t.diagnostic(
      `${report.requests} requests (${report.requestsPerSecond}/s, p99 ${report.p99Ms} ms), statuses ${JSON.stringify(report.statuses)}, ` +
        `RSS MiB ${JSON.stringify(report.rssMiB)}, growth ${report.memoryGrowth}x`,
    )
    assert.deepEqual(report.problems, [])
    assert.ok(report.requests > 100, 'the workload ran')
  })
})
