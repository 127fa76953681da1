import { sql, type Kysely } from 'kysely'

/**
 * Turns two-factor sign-in off on accounts that claim it without a confirmed secret. A confirmation and
 * a removal racing could leave an account so, and it could then never sign in again (a password reset
 * keeps two-factor sign-in on). `totp_enabled` is now set only together with the secret
 * (totp.queries.ts); this repairs what the race left behind, and the recovery codes it left too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update users set totp_enabled = 0
    where totp_enabled = 1 and not exists (
      select 1 from totp_credentials
      where totp_credentials.user_id = users.id and totp_credentials.secret is not null)`.execute(db)
  await sql`delete from recovery_codes
    where user_id in (select id from users where totp_enabled = 0)`.execute(db)
}

export async function down(): Promise<void> {
  // Nothing to undo: the state this leaves is the consistent one.
}
