import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { PolicyPool } from '../../src/accounts/policy-pool.js'
import { until } from '../helpers.js'

// The policy worker thread holds the password dictionaries (tens of MB): it starts on the first
// question and exits when idle, so an idle server does not carry them.

const EMAIL = 'ada.lovelace@example.com'
const STRONG = 'correct horse battery staple'

/** CPU time of this process's main thread in ms (Linux's schedstat), or undefined elsewhere. */
function mainThreadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
  } catch {
    return undefined
  }
}

describe('password policy worker: started on demand, gone when idle', () => {
  it('starts on the first question, answers, exits after the idle period and starts again for the next', async (t) => {
    const pool = new PolicyPool(100)
    t.after(() => pool.close())
    assert.equal(pool.running, false, 'no thread before the first question')

    assert.equal(await pool.problem('password123', EMAIL, 10), 'is a commonly used password; choose another')
    assert.equal(pool.running, true)
    assert.equal(await pool.problem(STRONG, EMAIL, 10), undefined)

    await until('the idle thread exits', () => !pool.running, 10_000)
    assert.equal(await pool.problem('short', EMAIL, 10), 'must be at least 10 characters')
    assert.equal(pool.running, true)
  })

  it('answers every question around the moment the idle thread retires', async (t) => {
    // With no idle period, the thread retires right after each answer: a question asked in the same
    // turn reuses it, one asked after it retired (while it is still terminating) gets a new one.
    const pool = new PolicyPool(0)
    t.after(() => pool.close())
    const first = pool.problem(STRONG, EMAIL, 10)
    assert.equal(await first, undefined)
    assert.equal(await pool.problem('password123', EMAIL, 10), 'is a commonly used password; choose another')
    await until('the thread retires', () => !pool.running, 10_000)
    const [again, concurrent] = await Promise.all([
      pool.problem('ada.lovelace', EMAIL, 10),
      pool.problem(STRONG, EMAIL, 10),
    ])
    assert.equal(again, 'must not be your email address or part of it')
    assert.equal(concurrent, undefined)
  })

  it('costs the event loop only a few ms to start the thread', async (t) => {
    const before = mainThreadCpuMs()
    if (before === undefined) {
      t.skip('needs Linux schedstat for the main thread’s CPU time')
      return
    }
    const pool = new PolicyPool()
    t.after(() => pool.close())
    // The dictionaries load and build (hundreds of ms of CPU) on the worker's thread; the main
    // thread only spawns it and posts the question.
    const answer = pool.problem(STRONG, EMAIL, 10)
    const spent = (mainThreadCpuMs() ?? 0) - before
    assert.ok(spent < 25, `starting the policy thread took ${spent.toFixed(1)} ms of the main thread`)
    assert.equal(await answer, undefined)
  })

  it('fails questions still waiting when the pool is closed, and answers later ones with a new thread', async (t) => {
    const pool = new PolicyPool()
    t.after(() => pool.close())
    const waiting = pool.problem(STRONG, EMAIL, 10)
    await pool.close()
    await assert.rejects(waiting, /exited/)
    assert.equal(pool.running, false)
    assert.equal(await pool.problem('password123', EMAIL, 10), 'is a commonly used password; choose another')
  })
})
