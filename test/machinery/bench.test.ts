import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { COMPONENTS, perfUsable, type Breakdown } from '../../bench/perf.js'
import { ensureBuilt } from '../e2e/built-server.js'
import { TEST_ENGINE } from '../helpers.js'

// The short CI setting of `npm run bench`: `--quick` (small data, one 1 s round) on three scenarios and
// (on SQLite) the WORKERS=2 factor, so the benchmark itself keeps working on a fresh clone. Its figures are not checked here: timed
// targets belong to the benchmark run on a quiet machine, not to a test on a shared one.

interface QuickReport {
  scenarios: Array<{ key: string; failures: number; quireRps: number; sqliteToPostgres?: number }>
  workers: Record<string, { one: number; two: number; reference?: { one: number; two: number } }>
}

interface EventsReport {
  streams: number
  latency: { probes: number; deliveries: number; missed: number; p50Ms: number; p99Ms: number }
  writes: { noneRps: number; withStreamsRps: number; failures: number; delivered: number; written: number }
}

function runBench(
  args: string[],
  only = 'me,comment_write,workers',
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
      env: { ...process.env, BENCH_ONLY: only },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      resolve({ code, output })
    })
  })
}

describe('benchmark (short setting)', () => {
  it(`npm run bench -- --quick measures health, /me and a comment write against bare Node with no failures${TEST_ENGINE === 'sqlite' ? ', and WORKERS=2' : ''} (${TEST_ENGINE})`, async (t) => {
    await ensureBuilt(t)
    const postgres = TEST_ENGINE === 'postgres'
    // WORKERS=2 is measured in the SQLite pass only: the same code drives it on both engines, and the
    // cluster itself is tested on both (test/e2e/cluster.test.ts); it was a third of this file's time.
    const { code, output } = await runBench(
      postgres ? ['--quick', '--postgres'] : ['--quick'],
      postgres ? 'me,comment_write' : 'me,comment_write,workers',
    )
    assert.equal(code, 0, output)
    assert.match(output, /\| scenario \| Quire \/ bare \|/)
    const report = JSON.parse(readFileSync('bench/results/quick.json', 'utf8')) as QuickReport
    assert.deepEqual(
      report.scenarios.map((scenario) => scenario.key),
      ['health', 'me', 'comment_write'],
    )
    for (const scenario of report.scenarios) {
      assert.equal(scenario.failures, 0, `${scenario.key} failed requests`)
      assert.ok(scenario.quireRps > 0, `${scenario.key} was served`)
      // On PostgreSQL the SQLite copy is driven in the same rounds.
      if (postgres) assert.ok((scenario.sqliteToPostgres ?? 0) > 0, `${scenario.key} has no SQLite figure`)
    }
    if (postgres) assert.match(output, /PostgreSQL within 3× of SQLite \(same rounds\)/)
    if (postgres) return
    // Two processes against one, Quire's and the reference floor's, for both scenarios.
    assert.deepEqual(Object.keys(report.workers), ['me', 'comment_write'])
    for (const [key, figures] of Object.entries(report.workers)) {
      assert.ok(figures.one > 0 && figures.two > 0, `WORKERS=2 on ${key} was measured`)
      assert.ok((figures.reference?.one ?? 0) > 0 && (figures.reference?.two ?? 0) > 0, `${key}'s floor`)
    }
  })

  it(`npm run bench -- --quick --events holds 100 streams, times one event to all of them and the comment write with and without them, every event delivered (${TEST_ENGINE})`, async (t) => {
    await ensureBuilt(t)
    const { code, output } = await runBench(
      TEST_ENGINE === 'postgres' ? ['--quick', '--events', '--postgres'] : ['--quick', '--events'],
      'events',
    )
    assert.equal(code, 0, output)
    assert.match(output, /\| per open stream \|/)
    const report = JSON.parse(readFileSync('bench/results/quick-events.json', 'utf8')) as EventsReport
    assert.equal(report.streams, 100)
    assert.equal(report.latency.missed, 0, 'every stream got every probe')
    assert.equal(report.latency.deliveries, report.latency.probes * report.streams)
    assert.ok(report.latency.p50Ms > 0 && report.latency.p99Ms >= report.latency.p50Ms, output)
    assert.ok(report.writes.noneRps > 0 && report.writes.withStreamsRps > 0, output)
    assert.equal(report.writes.failures, 0)
    // The one stream following the written post got an event for every comment written.
    assert.ok(report.writes.written > 0, output)
    assert.equal(report.writes.delivered, report.writes.written)
  })

  it('npm run bench -- --perf splits each server’s CPU per request by component (SQLite, where perf may profile)', async (t) => {
    if (TEST_ENGINE === 'postgres') {
      t.skip('the reference floor, which the breakdown compares with, runs on SQLite only')
      return
    }
    if (!perfUsable()) {
      t.skip('perf is missing or may not profile here (apt-get install linux-perf)')
      return
    }
    await ensureBuilt(t)
    // GET /posts/{id}: a statement runs in both servers (the session itself comes from memory).
    const { code, output } = await runBench(['--quick', '--perf'], 'post')
    assert.equal(code, 0, output)
    assert.match(output, /GET \/v1\/posts\/\{id\}: CPU µs per request by component/)
    const report = JSON.parse(readFileSync('bench/results/quick.json', 'utf8')) as {
      scenarios: Array<{
        key: string
        quireCpuMicros: number
        referenceCpuMicros?: number
        bareCpuMicros: number
        cpuBreakdown?: { bare: Breakdown; reference?: Breakdown; quire: Breakdown }
      }>
    }
    const post = report.scenarios.find((scenario) => scenario.key === 'post')
    const breakdown = post?.cpuBreakdown
    assert.ok(breakdown?.reference, 'bare, the reference floor and Quire were profiled')
    const total = (values: Breakdown): number => COMPONENTS.reduce((sum, { key }) => sum + values[key], 0)
    // Each server's parts add up to the median CPU per request of its measured rounds (an empty
    // profile would give 0); only the servers that query run SQLite.
    const measured: Array<[string, Breakdown, number | undefined]> = [
      ['bare', breakdown.bare, post?.bareCpuMicros],
      ['reference', breakdown.reference, post?.referenceCpuMicros],
      ['Quire', breakdown.quire, post?.quireCpuMicros],
    ]
    for (const [name, values, cpu] of measured) {
      assert.ok((cpu ?? 0) > 0, `${name} used CPU`)
      assert.ok(
        Math.abs(total(values) - (cpu ?? 0)) < 0.01,
        `${name}: ${String(total(values))} vs ${String(cpu)}`,
      )
    }
    assert.equal(breakdown.bare.sqlite, 0)
    assert.ok(breakdown.reference.sqlite > 0 && breakdown.quire.sqlite > 0, JSON.stringify(breakdown))
    assert.ok(breakdown.quire.fastify > 0 && breakdown.bare.fastify === 0, JSON.stringify(breakdown))
  })
})
