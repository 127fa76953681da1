import type { Db } from '../db/database.js'
import type { AccountTokenPurpose, AccountTokenRow } from '../db/tables.js'

/** Stores a token, voiding the user's older tokens of the same purpose (only the newest mail works). */
export async function replaceAccountToken(db: Db, row: AccountTokenRow): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', row.purpose)
    .execute()
  await db.insertInto('account_tokens').values(row).execute()
}

/** The token with this hash if it serves one of `purposes`, without spending it. */
export function findAccountToken(
  db: Db,
  tokenHash: string,
  purposes: AccountTokenPurpose[],
): Promise<AccountTokenRow | undefined> {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .executeTakeFirst()
}

/**
 * Deletes and returns the token with this hash if it serves one of `purposes`. Deleting is what
 * spends it, so two concurrent uses of one token cannot both succeed.
 */
export function takeAccountToken(
  db: Db,
  tokenHash: string,
  purposes: AccountTokenPurpose[],
): Promise<AccountTokenRow | undefined> {
  return db
    .deleteFrom('account_tokens')
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .returningAll()
    .executeTakeFirst()
}

/** Voids a user's open tokens of the given purposes (all of them when none are given). */
export async function deleteUserAccountTokens(
  db: Db,
  userId: string,
  purposes?: AccountTokenPurpose[],
): Promise<void> {
  let query = db.deleteFrom('account_tokens').where('user_id', '=', userId)
  if (purposes) query = query.where('purpose', 'in', purposes)
  await query.execute()
}

/** Removes tokens past their expiry; returns how many. */
export async function deleteExpiredAccountTokens(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('account_tokens').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
