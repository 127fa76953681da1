import { Type, type Static } from 'typebox'
import { EmailedToken } from '../password-resets/password-resets.schemas.js'

export const VerifyEmailBody = Type.Object({ token: EmailedToken }, { additionalProperties: false })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>

export const CancelEmailChangeBody = Type.Object({ token: EmailedToken }, { additionalProperties: false })
export type CancelEmailChangeBody = Static<typeof CancelEmailChangeBody>

export const ChangeEmailBody = Type.Object(
  {
    new_email: Type.String({ maxLength: 1000, description: 'The address to move the account to' }),
    password: Type.String({ maxLength: 4096, description: 'The account password, to confirm' }),
  },
  { additionalProperties: false },
)
export type ChangeEmailBody = Static<typeof ChangeEmailBody>
