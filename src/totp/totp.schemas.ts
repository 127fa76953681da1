import { Type, type Static } from 'typebox'

export const PasswordBody = Type.Object(
  { password: Type.String({ maxLength: 4096, description: 'The account password, to confirm' }) },
  { additionalProperties: false },
)
export type PasswordBody = Static<typeof PasswordBody>

export const TotpEnrolmentSchema = Type.Object({
  secret: Type.String({
    maxLength: 64,
    description: 'The TOTP secret in base32, for typing into an authenticator app',
  }),
  otpauth_url: Type.String({
    maxLength: 2048,
    description: 'The `otpauth://totp/…` URL (what the QR code holds)',
  }),
  qr_svg: Type.String({
    maxLength: 1_000_000,
    description: 'The otpauth URL as an SVG QR code, to show for scanning',
  }),
})

export const ConfirmTotpBody = Type.Object(
  {
    code: Type.String({
      maxLength: 100,
      description: 'The current six-digit code from the authenticator app',
    }),
  },
  { additionalProperties: false },
)
export type ConfirmTotpBody = Static<typeof ConfirmTotpBody>

export const RecoveryCodesSchema = Type.Object({
  recovery_codes: Type.Array(Type.String({ maxLength: 64 }), {
    minItems: 10,
    maxItems: 10,
    description: 'Ten single-use codes for signing in without the app. Shown only now; stored hashed.',
  }),
})
