import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { NewRecoveryCodeRow, TotpCredentialsRow } from '../db/tables.js'
import { newId } from '../ids.js'

const totpCredentials = compiledQuery((db, v: { userId: string }) =>
  db.selectFrom('totp_credentials').selectAll().where('user_id', '=', v.userId),
)

/** A user's TOTP secrets (active and pending), if any. */
export function findTotpCredentials(db: Db, userId: string): Promise<TotpCredentialsRow | undefined> {
  return totpCredentials.first(db, { userId })
}

const savePendingTotpSecretQuery = compiledQuery(
  (db, v: { userId: string; sealedSecret: string; now: number }) =>
    db
      .insertInto('totp_credentials')
      .values({
        user_id: v.userId,
        secret: null,
        pending_secret: v.sealedSecret,
        last_step: null,
        updated_at: v.now,
      })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ pending_secret: v.sealedSecret, updated_at: v.now }),
      ),
)

/** Stores a secret being enrolled, replacing a pending one; an active secret is kept. */
export async function savePendingTotpSecret(
  db: Db,
  userId: string,
  sealedSecret: string,
  now: number,
): Promise<void> {
  await savePendingTotpSecretQuery.changed(db, { userId, sealedSecret, now })
}

const activatePendingTotpSecretQuery = compiledQuery(
  (db, v: { userId: string; sealedSecret: string; step: number; now: number }) =>
    db
      .updateTable('totp_credentials')
      .set({ secret: v.sealedSecret, pending_secret: null, last_step: v.step, updated_at: v.now })
      .where('user_id', '=', v.userId)
      .where('pending_secret', '=', v.sealedSecret),
)

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
  return (await activatePendingTotpSecretQuery.changed(db, { userId, sealedSecret, step, now })) > 0
}

const acceptTotpStepQuery = compiledQuery((db, v: { userId: string; step: number }) =>
  db
    .updateTable('totp_credentials')
    .set({ last_step: v.step })
    .where('user_id', '=', v.userId)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', v.step)])),
)

/**
 * Records that a code of `step` was used, only if no code of this or a later step was used before:
 * one atomic statement, so the same code sent twice at once is accepted once.
 */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  return (await acceptTotpStepQuery.changed(db, { userId, step })) > 0
}

const deleteRecoveryCodesQuery = compiledQuery((db, v: { userId: string }) =>
  db.deleteFrom('recovery_codes').where('user_id', '=', v.userId),
)

const deleteTotpCredentialsQuery = compiledQuery((db, v: { userId: string }) =>
  db.deleteFrom('totp_credentials').where('user_id', '=', v.userId),
)

const turnTotpOffQuery = compiledQuery((db, v: { userId: string; now: number }) =>
  db
    .updateTable('users')
    .set((eb) => ({ totp_enabled: 0, version: eb('version', '+', 1), updated_at: v.now }))
    .where('id', '=', v.userId)
    .where('totp_enabled', '=', 1),
)

/**
 * Forgets a user's TOTP secrets (active or pending) and recovery codes, and turns two-factor sign-in
 * off if it was on. True when it was on. Call it with the user's row locked (lockUserById).
 */
export async function forgetTotp(db: Db, userId: string, now: number): Promise<boolean> {
  await deleteRecoveryCodesQuery.changed(db, { userId })
  await deleteTotpCredentialsQuery.changed(db, { userId })
  return (await turnTotpOffQuery.changed(db, { userId, now })) > 0
}

const turnTotpOnQuery = compiledQuery((db, v: { userId: string; now: number }) =>
  db
    .updateTable('users')
    .set((eb) => ({
      totp_enabled: 1,
      credentials_version: eb('credentials_version', '+', 1),
      version: eb('version', '+', 1),
      updated_at: v.now,
    }))
    .where('id', '=', v.userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('totp_credentials')
          .select('totp_credentials.user_id')
          .where('totp_credentials.user_id', '=', v.userId)
          .where('totp_credentials.secret', 'is not', null),
      ),
    ),
)

/**
 * Turns two-factor sign-in on, in one statement and only while the user has a confirmed secret: however
 * writes interleave, `totp_enabled` never claims a secret that is not there (an account left so could
 * never sign in again). It also bumps `credentials_version`, so a login that checked only the password
 * before this commits creates no session. False when there is no confirmed secret (or no user).
 */
export async function turnTotpOn(db: Db, userId: string, now: number): Promise<boolean> {
  return (await turnTotpOnQuery.changed(db, { userId, now })) > 0
}

const insertRecoveryCodesQuery = compiledQuery((db, v: { codes: NewRecoveryCodeRow[] }) =>
  db.insertInto('recovery_codes').values(v.codes),
)

/** Replaces a user's recovery codes with new ones (given hashed). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: string[],
  now: number,
): Promise<void> {
  await deleteRecoveryCodesQuery.changed(db, { userId })
  await insertRecoveryCodesQuery.changed(db, {
    codes: codeHashes.map((codeHash) => ({
      id: newId(now),
      user_id: userId,
      code_hash: codeHash,
      created_at: now,
    })),
  })
}

const useRecoveryCodeQuery = compiledQuery((db, v: { userId: string; codeHash: string }) =>
  db.deleteFrom('recovery_codes').where('user_id', '=', v.userId).where('code_hash', '=', v.codeHash),
)

/** Spends one recovery code: true if the user had it (it is gone afterwards, even under concurrency). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  return (await useRecoveryCodeQuery.changed(db, { userId, codeHash })) > 0
}
