// The login target of `npm run bench`: logins per second under load and the health check's latency
// meanwhile, since each login is an argon2id hash in libuv's thread pool that must not hold up other
// requests. The hash's own time on this machine bounds the rate, so it is measured beside it.
import { availableParallelism } from 'node:os'
import { hashPassword, verifyPassword } from '../src/accounts/passwords.js'
import { drive, probe, type RequestShape } from './load.js'
import { median } from './measure.js'
import { DURATION_S, QUICK } from './options.js'
import { SEED_PASSWORD, type SeededData } from './seed.js'
import type { RunningServer } from './server.js'

/** What the login scenario measured, and whether it met its targets. */
export interface LoginFigures {
  argon2Ms: number
  /** The most logins per second this machine's cores can hash, whatever the server does around them. */
  argon2CeilingPerSecond: number
  loginsPerSecond: number
  loginP99Ms: number
  loginFailures: number
  healthP99Ms: number
  healthFailures: number
  met: boolean
}

/** Logins under load (argon2 in the thread pool) while a light health probe measures its latency. */
export async function loginScenario(server: RunningServer, data: SeededData): Promise<LoginFigures> {
  const seconds = Math.max(DURATION_S, QUICK ? 2 : 5)
  const login: RequestShape = {
    method: 'POST',
    path: '/v1/sessions',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: data.loginEmail, password: SEED_PASSWORD }),
  }
  const [logins, health] = await Promise.all([
    drive(server.base, login, 16, seconds),
    probe(server.base, { method: 'GET', path: '/v1', headers: {} }, 100, seconds),
  ])
  // Each login is one argon2id verification (9 MiB, t=4) in libuv's pool: on N cores, at most
  // N × 1000 / (its time in ms) logins per second, whatever the server does around it.
  // The median of several, once the load has stopped: the first hash of a process pays for warming up.
  const hash = await hashPassword(SEED_PASSWORD)
  const times: number[] = []
  for (let attempt = 0; attempt < 7; attempt++) {
    const started = performance.now()
    await verifyPassword(hash, SEED_PASSWORD)
    times.push(performance.now() - started)
  }
  const argon2Ms = median(times)
  return {
    argon2Ms: Number(argon2Ms.toFixed(1)),
    argon2CeilingPerSecond: Math.round((availableParallelism() * 1000) / argon2Ms),
    loginsPerSecond: logins.requestsPerSecond,
    loginP99Ms: logins.p99Ms,
    loginFailures: logins.failures,
    healthP99Ms: health.p99Ms,
    healthFailures: health.failures,
    met: logins.requestsPerSecond >= 80 && health.p99Ms < 50 && logins.failures + health.failures === 0,
  }
}
