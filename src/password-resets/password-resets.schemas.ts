import { Type, type Static } from 'typebox'

/** The empty object a 202 carries: the request was taken, what follows happens by mail. */
export const Accepted = Type.Object({}, { additionalProperties: false, description: 'Nothing to show' })

export const EmailedToken = Type.String({
  maxLength: 200,
  description: 'The token from the link in the mail (the part after `#token=`)',
})

export const PasswordResetBody = Type.Object(
  { email: Type.String({ maxLength: 1000, description: 'The account’s email address' }) },
  { additionalProperties: false },
)
export type PasswordResetBody = Static<typeof PasswordResetBody>

export const ConfirmPasswordResetBody = Type.Object(
  {
    token: EmailedToken,
    new_password: Type.String({ maxLength: 4096, description: 'Same rules as at registration' }),
  },
  { additionalProperties: false },
)
export type ConfirmPasswordResetBody = Static<typeof ConfirmPasswordResetBody>
