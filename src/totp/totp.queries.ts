import type { Db } from '../db/database.js'
import type { TotpCredentialsRow } from '../db/tables.js'
import { newId } from '../ids.js'

/** A user's TOTP secrets (active and pending), if any. */
export function findTotpCredentials(db: Db, userId: string): Promise<TotpCredentialsRow | undefined> {
  return db.selectFrom('totp_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Stores a secret being enrolled, replacing a pending one; an active secret is kept. */
export async function savePendingTotpSecret(
  db: Db,
  userId: string,
  sealedSecret: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('totp_credentials')
    .values({ user_id: userId, secret: null, pending_secret: sealedSecret, last_step: null, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ pending_secret: sealedSecret, updated_at: now }),
    )
    .execute()
}

/**
 * Makes the pending secret the active one, remembering the step of the code that confirmed it (so
 * that code cannot sign in too). False when the pending secret changed meanwhile (a newer enrolment).
 */
export async function activatePendingTotpSecret(
  db: Db,
  userId: string,
  sealedSecret: string,
  step: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('totp_credentials')
    .set({ secret: sealedSecret, pending_secret: null, last_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where('pending_secret', '=', sealedSecret)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Records that a code of `step` was used, only if no code of this or a later step was used before:
 * one atomic statement, so the same code sent twice at once is accepted once.
 */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totp_credentials')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Forgets a user's TOTP secrets and recovery codes. */
export async function deleteTotpCredentials(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute()
}

/** Replaces a user's recovery codes with new ones (given hashed). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: string[],
  now: number,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('recovery_codes')
    .values(
      codeHashes.map((codeHash) => ({
        id: newId(now),
        user_id: userId,
        code_hash: codeHash,
        created_at: now,
      })),
    )
    .execute()
}

/** Spends one recovery code: true if the user had it (it is gone afterwards, even under concurrency). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** How many unused recovery codes a user has left. */
export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.count
}
