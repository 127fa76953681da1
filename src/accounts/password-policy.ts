import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as commonLanguage from '@zxcvbn-ts/language-common'
import * as englishLanguage from '@zxcvbn-ts/language-en'
import { codePointLength, PASSWORD_MAX_LENGTH } from './passwords.js'

// NIST SP 800-63B §5.1.1.2: a minimum length, a blocklist of common and low-entropy choices, and
// nothing else — no composition rules, no hints, no forced expiry. Importing this module loads the
// dictionaries (tens of MB): only the policy worker (policy-worker.ts) does, never the main thread.

/** zxcvbn-ts guess estimate below which a password is too easy to guess. */
const MIN_GUESSES = 1e6

/**
 * zxcvbn's cost grows steeply with length and with l33t substitutions (seconds for a long, symbol-heavy
 * password with its defaults). A prefix this long already decides every realistic weak password, and
 * four substitutions give the same verdicts as many more on l33t samples, at a bounded cost per password.
 */
const ESTIMATE_PREFIX_LENGTH = 64
const L33T_MAX_SUBSTITUTIONS = 4

interface Estimator {
  commonPasswords: ReadonlySet<string>
  zxcvbn: ZxcvbnFactory
}

let sharedEstimator: Estimator | undefined

/** Builds the dictionaries once per thread (a costly step); they are immutable afterwards. */
function estimator(): Estimator {
  sharedEstimator ??= {
    commonPasswords: new Set(commonLanguage.dictionary['passwords-common'].map((word) => word.toLowerCase())),
    zxcvbn: new ZxcvbnFactory({
      dictionary: { ...commonLanguage.dictionary, ...englishLanguage.dictionary },
      graphs: commonLanguage.adjacencyGraphs,
      translations: englishLanguage.translations,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      maxLength: ESTIMATE_PREFIX_LENGTH,
    }),
  }
  return sharedEstimator
}

/** Words an attacker would try first for this account: the email, its local part (also without
 * separators) and its pieces. */
function personalWords(email: string): string[] {
  const lower = email.toLowerCase()
  const local = lower.split('@')[0] ?? ''
  const joined = local.replace(/[^\p{L}\p{N}]+/gu, '')
  return [...new Set([lower, local, joined, ...local.split(/[^\p{L}\p{N}]+/u)])].filter(
    (word) => word.length >= 3,
  )
}

/** The password rules, configured once at start-up. */
export class PasswordPolicy {
  constructor(readonly minLength: number) {
    estimator() // load the dictionaries now, not on the first registration
  }

  /**
   * Why a (normalised) password is unacceptable for the account with this email, or undefined when
   * it is acceptable. Checks run cheapest first.
   */
  problem(password: string, email: string): string | undefined {
    const length = codePointLength(password)
    if (length < this.minLength) return `must be at least ${this.minLength} characters`
    if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`
    const { commonPasswords, zxcvbn } = estimator()
    if (commonPasswords.has(password.toLowerCase())) return 'is a commonly used password; choose another'
    const words = personalWords(email)
    const lower = password.toLowerCase()
    if (words.some((word) => lower === word)) return 'must not be your email address or part of it'
    const estimate = zxcvbn.check(password, words)
    if (estimate.guesses < MIN_GUESSES) {
      const hint = estimate.feedback.warning ? ` (${estimate.feedback.warning.replace(/\.$/, '')})` : ''
      return `is too easy to guess${hint}; a longer phrase of unrelated words works well`
    }
    return undefined
  }
}
