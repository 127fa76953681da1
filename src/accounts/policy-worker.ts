import { parentPort } from 'node:worker_threads'
import { PasswordPolicy } from './password-policy.js'

// Runs the password policy (zxcvbn's guess estimate: milliseconds of CPU per password, more on a
// loaded machine) in a worker thread, so a registration or password change never holds the event loop.

/** A policy question from the main thread. */
export interface PolicyQuestion {
  id: number
  password: string
  email: string
  minLength: number
}

/** The worker's answer: why the password is unacceptable, or undefined. */
export interface PolicyAnswer {
  id: number
  problem: string | undefined
}

const policies = new Map<number, PasswordPolicy>()

parentPort?.on('message', (question: PolicyQuestion) => {
  let policy = policies.get(question.minLength)
  if (!policy) {
    policy = new PasswordPolicy(question.minLength)
    policies.set(question.minLength, policy)
  }
  const answer: PolicyAnswer = { id: question.id, problem: policy.problem(question.password, question.email) }
  parentPort?.postMessage(answer)
})
