import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { AccountTokenPurpose, AccountTokenRow } from '../db/tables.js'

const deleteUserPurposeTokens = compiledQuery(
  (db, v: { userId: string; purposes: AccountTokenPurpose[] | undefined }) => {
    const query = db.deleteFrom('account_tokens').where('user_id', '=', v.userId)
    return v.purposes === undefined ? query : query.where('purpose', 'in', v.purposes)
  },
)

const insertAccountTokenQuery = compiledQuery((db, row: AccountTokenRow) =>
  db.insertInto('account_tokens').values(row),
)

/** Stores a token, voiding the user's older tokens of the same purpose (only the newest mail works). */
export async function replaceAccountToken(db: Db, row: AccountTokenRow): Promise<void> {
  await deleteUserPurposeTokens.changed(db, { userId: row.user_id, purposes: [row.purpose] })
  await insertAccountTokenQuery.changed(db, row)
}

const accountToken = compiledQuery((db, v: { tokenHash: string; purposes: AccountTokenPurpose[] }) =>
  db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', v.tokenHash)
    .where('purpose', 'in', v.purposes),
)

/** The token with this hash if it serves one of `purposes`, without spending it. */
export function findAccountToken(
  db: Db,
  tokenHash: string,
  purposes: AccountTokenPurpose[],
): Promise<AccountTokenRow | undefined> {
  return accountToken.first(db, { tokenHash, purposes })
}

const takeAccountTokenQuery = compiledQuery((db, v: { tokenHash: string; purposes: AccountTokenPurpose[] }) =>
  db
    .deleteFrom('account_tokens')
    .where('token_hash', '=', v.tokenHash)
    .where('purpose', 'in', v.purposes)
    .returningAll(),
)

/**
 * Deletes and returns the token with this hash if it serves one of `purposes`. Deleting is what
 * spends it, so two concurrent uses of one token cannot both succeed.
 */
export function takeAccountToken(
  db: Db,
  tokenHash: string,
  purposes: AccountTokenPurpose[],
): Promise<AccountTokenRow | undefined> {
  return takeAccountTokenQuery.first(db, { tokenHash, purposes })
}

/** Voids a user's open tokens of the given purposes (all of them when none are given). */
export async function deleteUserAccountTokens(
  db: Db,
  userId: string,
  purposes?: AccountTokenPurpose[],
): Promise<void> {
  await deleteUserPurposeTokens.changed(db, { userId, purposes })
}

const deleteExpiredAccountTokensQuery = compiledQuery((db, v: { now: number; limit: number }) =>
  db
    .deleteFrom('account_tokens')
    .where('id', 'in', (eb) =>
      eb.selectFrom('account_tokens').select('id').where('expires_at', '<=', v.now).limit(v.limit),
    ),
)

/** Removes up to `limit` tokens past their expiry; returns how many. */
export function deleteExpiredAccountTokens(db: Db, limit: number, now: number): Promise<number> {
  return deleteExpiredAccountTokensQuery.changed(db, { now, limit })
}
