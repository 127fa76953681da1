import { Type, type Static } from 'typebox'
import type { SessionRow } from '../db/tables.js'
import { isoTime } from '../http/iso-time.js'
import { Id, Links, Nullable, Timestamp } from '../http/schemas.js'
import { sessionLinks } from '../http/links.js'
import { PASSWORD_INPUT_MAX_LENGTH } from '../accounts/passwords.js'

/** Longest `User-Agent` kept with a session; longer ones are cut. */
export const USER_AGENT_MAX_LENGTH = 512
/** Raw login fields, capped before any normalisation or hashing (see PASSWORD_INPUT_MAX_LENGTH). */
const EMAIL_INPUT_MAX_LENGTH = 1024

const Metadata = Type.Object(
  {
    user_agent: Nullable(Type.String({ maxLength: USER_AGENT_MAX_LENGTH })),
    ip: Nullable(Type.String({ maxLength: 45, description: 'Client address (honours TRUST_PROXY)' })),
  },
  { description: 'Gathered when the session was created' },
)

export const SessionSchema = Type.Object({
  id: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
  expires_at: Timestamp,
  current: Type.Boolean({ description: 'True for the session making this request' }),
  metadata: Metadata,
  links: Links({ required: ['self'] }, 'Absolute path of the session itself'),
})
type Session = Static<typeof SessionSchema>

/** Login's answer: the session plus its token, shown in clear only this once. */
export const NewSessionSchema = Type.Object({
  ...SessionSchema.properties,
  token: Type.String({
    format: 'uuid',
    maxLength: 36,
    description: 'Send as `Authorization: Bearer <token>`; never shown again',
  }),
})

export const LoginBody = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_INPUT_MAX_LENGTH }),
    password: Type.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH }),
    totp_code: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'With two-factor sign-in on: the current six-digit code from the authenticator app',
      }),
    ),
    recovery_code: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'With two-factor sign-in on, instead of totp_code: one of the recovery codes (each works once)',
      }),
    ),
    login_token: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'After 401 LOGIN_CONFIRMATION_REQUIRED: the token from the sign-in confirmation mail’s link (the part ' +
          'after `#token=`); ignored while the account is under its ceiling of failed attempts',
      }),
    ),
  },
  {
    additionalProperties: false,
    // The account the registration example creates, so "Try it" on the reference page signs in as given.
    examples: [{ email: 'ada@example.com', password: 'correct horse battery staple' }],
  },
)
export type LoginBody = Static<typeof LoginBody>

/** When a session expires if it is not used again: idle life from its last use, capped by the absolute life. */
export function sessionExpiresAt(
  row: Pick<SessionRow, 'created_at' | 'updated_at'>,
  sessionLifeMs: number,
  sessionAbsoluteLifeMs: number | null,
): number {
  const idleExpiry = row.updated_at + sessionLifeMs
  return sessionAbsoluteLifeMs === null
    ? idleExpiry
    : Math.min(idleExpiry, row.created_at + sessionAbsoluteLifeMs)
}

/** The API representation of a stored session, never including its token or hash. */
export function sessionFromRow(
  row: SessionRow,
  currentSessionId: string | undefined,
  config: { sessionLifeMs: number; sessionAbsoluteLifeMs: number | null },
): Session {
  return {
    id: row.id,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    expires_at: isoTime(sessionExpiresAt(row, config.sessionLifeMs, config.sessionAbsoluteLifeMs)),
    current: row.id === currentSessionId,
    metadata: { user_agent: row.user_agent, ip: row.ip },
    links: sessionLinks(row.id),
  }
}
