import { Worker } from 'node:worker_threads'
import type { PolicyAnswer, PolicyQuestion } from './policy-worker.js'

// One worker thread per process answers every policy question in turn: the dictionaries (~150 ms to
// build, tens of MB) are loaded once, and the event loop only posts messages.

interface Pending {
  resolve: (problem: string | undefined) => void
  reject: (error: Error) => void
}

let worker: Worker | undefined
let nextId = 0
const pending = new Map<number, Pending>()

function newWorker(): Worker {
  // Under tsx (tests, `npm run dev`) this module is TypeScript, and a worker does not inherit tsx's
  // loader hooks, so it registers them before loading its module; built, everything is JavaScript.
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./policy-worker.ts', import.meta.url).href
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`
    return new Worker(bootstrap, { eval: true })
  }
  return new Worker(new URL('./policy-worker.js', import.meta.url))
}

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error)
  pending.clear()
}

function startWorker(): Worker {
  const started = newWorker()
  started.on('message', (answer: PolicyAnswer) => {
    const waiting = pending.get(answer.id)
    pending.delete(answer.id)
    waiting?.resolve(answer.problem)
    if (pending.size === 0) started.unref()
  })
  started.on('error', (error) => {
    worker = undefined
    failAll(error)
  })
  started.on('exit', () => {
    worker = undefined
    failAll(new Error('password policy worker exited'))
  })
  // Idle, it must not keep the process alive; it is referenced while a question is outstanding.
  started.unref()
  return started
}

/** Starts the worker ahead of the first question, so the first registration does not wait for it. */
export function warmPolicyWorker(): void {
  worker ??= startWorker()
}

/**
 * Why a normalised password is unacceptable for the account with this email under a minimum length,
 * or undefined; computed in the worker thread.
 */
export function policyProblem(
  password: string,
  email: string,
  minLength: number,
): Promise<string | undefined> {
  worker ??= startWorker()
  const current = worker
  nextId += 1
  const question: PolicyQuestion = { id: nextId, password, email, minLength }
  return new Promise((resolve, reject) => {
    pending.set(question.id, { resolve, reject })
    current.ref()
    current.postMessage(question)
  })
}
