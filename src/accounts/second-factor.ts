import type { Db } from '../db/database.js'
import type { SecretBox } from '../secrets.js'
import { hashRecoveryCode, matchingTotpStep, totpSecretContext } from './totp.js'
import { acceptTotpStep, findTotpCredentials, useRecoveryCode } from './totp.queries.js'

/** What a login sent beside the password for an account with two-factor sign-in on. */
interface SecondFactorProof {
  totp_code?: string | undefined
  recovery_code?: string | undefined
}

/** `missing`: neither a code nor a recovery code was sent; `rejected`: what was sent does not hold. */
type SecondFactorResult = 'accepted' | 'missing' | 'rejected'

const RECOVERY_CODE_MAX_LENGTH = 64

/**
 * Checks a TOTP code (each accepted once: a replay within its window is rejected) or a recovery code
 * (spent by being checked). Both are settled by one conditional write, so two logins racing with the
 * same code cannot both pass.
 */
export async function checkSecondFactor(
  db: Db,
  box: SecretBox,
  userId: string,
  proof: SecondFactorProof,
  now: number = Date.now(),
): Promise<{ result: SecondFactorResult; usedRecoveryCode: boolean }> {
  const code = proof.totp_code?.trim() ?? ''
  const recoveryCode = proof.recovery_code?.trim() ?? ''
  if (code === '' && recoveryCode === '') return { result: 'missing', usedRecoveryCode: false }
  if (code !== '') {
    const credentials = await findTotpCredentials(db, userId)
    if (!credentials?.secret) return { result: 'rejected', usedRecoveryCode: false }
    const step = matchingTotpStep(box.open(credentials.secret, totpSecretContext(userId)), code, now)
    const accepted = step !== undefined && (await acceptTotpStep(db, userId, step))
    return { result: accepted ? 'accepted' : 'rejected', usedRecoveryCode: false }
  }
  if (recoveryCode.length > RECOVERY_CODE_MAX_LENGTH) return { result: 'rejected', usedRecoveryCode: false }
  const used = await useRecoveryCode(db, userId, hashRecoveryCode(recoveryCode))
  return { result: used ? 'accepted' : 'rejected', usedRecoveryCode: used }
}
