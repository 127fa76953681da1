import { Worker } from 'node:worker_threads'
import type { PolicyAnswer, PolicyQuestion } from './policy-worker.js'

// One worker thread per process answers every policy question in turn, so the event loop only posts
// messages. The thread holds the dictionaries (the largest part of the server's memory, see
// docs/performance.md), which only registrations and password changes need: it starts on the first
// question and exits after a quiet period, so an idle server does not carry them. A question that finds
// no thread pays the start once (on the worker's own thread: the event loop only spawns it).

/** How long the policy thread stays up after its last answer. */
export const POLICY_WORKER_IDLE_MS = 60_000

interface Pending {
  resolve: (problem: string | undefined) => void
  reject: (error: Error) => void
}

interface PolicyThread {
  worker: Worker
  pending: Map<number, Pending>
  idleTimer: NodeJS.Timeout | undefined
}

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

/** Asks password-policy questions of a worker thread that starts on demand and exits when idle. */
export class PolicyPool {
  private thread: PolicyThread | undefined
  private nextId = 0

  constructor(private readonly idleMs: number = POLICY_WORKER_IDLE_MS) {}

  /** True while the worker thread is up (started and not yet retired). */
  get running(): boolean {
    return this.thread !== undefined
  }

  /**
   * Why a normalised password is unacceptable for the account with this email under a minimum
   * length, or undefined; computed in the worker thread.
   */
  problem(password: string, email: string, minLength: number): Promise<string | undefined> {
    const thread = (this.thread ??= this.startThread())
    clearTimeout(thread.idleTimer)
    thread.idleTimer = undefined
    this.nextId += 1
    const question: PolicyQuestion = { id: this.nextId, password, email, minLength }
    return new Promise((resolve, reject) => {
      thread.pending.set(question.id, { resolve, reject })
      thread.worker.ref()
      thread.worker.postMessage(question)
    })
  }

  /** Stops the worker thread now (a later question starts a new one). */
  async close(): Promise<void> {
    const thread = this.thread
    if (!thread) return
    this.retire(thread)
    await thread.worker.terminate()
  }

  private startThread(): PolicyThread {
    const thread: PolicyThread = { worker: newWorker(), pending: new Map(), idleTimer: undefined }
    const failAll = (error: Error): void => {
      this.retire(thread)
      for (const waiting of thread.pending.values()) waiting.reject(error)
      thread.pending.clear()
    }
    thread.worker.on('message', (answer: PolicyAnswer) => {
      const waiting = thread.pending.get(answer.id)
      thread.pending.delete(answer.id)
      waiting?.resolve(answer.problem)
      if (thread.pending.size > 0 || this.thread !== thread) return
      // Idle, it must not keep the process alive, and after a quiet period it goes.
      thread.worker.unref()
      thread.idleTimer = setTimeout(() => {
        this.retire(thread)
        void thread.worker.terminate()
      }, this.idleMs)
      thread.idleTimer.unref()
    })
    thread.worker.on('error', failAll)
    thread.worker.on('exit', () => {
      failAll(new Error('password policy worker exited'))
    })
    thread.worker.unref()
    return thread
  }

  /** Takes a thread out of service: later questions start a new one; its own answers still arrive. */
  private retire(thread: PolicyThread): void {
    clearTimeout(thread.idleTimer)
    thread.idleTimer = undefined
    if (this.thread === thread) this.thread = undefined
  }
}

const sharedPool = new PolicyPool()

/**
 * Why a normalised password is unacceptable for the account with this email under a minimum length,
 * or undefined; computed in the process's policy worker thread.
 */
export function policyProblem(
  password: string,
  email: string,
  minLength: number,
): Promise<string | undefined> {
  return sharedPool.problem(password, email, minLength)
}
