import { createHash, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

// RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30-second steps,
// accepting the step before and after the current one for clock drift.

const PERIOD_SECONDS = 30
const DIGITS = 6
const WINDOW = 1
const SECRET_BYTES = 20 // 160 bits, RFC 4226's recommendation

const RECOVERY_CODE_COUNT = 10
// Crockford's base32 in lower case (no i, l, o, u): easy to copy from paper, and a misread look-alike
// still matches. 16 symbols = 80 bits, far beyond guessing, so a plain SHA-256 is enough to store one.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const RECOVERY_CODE_LENGTH = 16

function totpFor(secretBase32: string, issuer = 'Quire', label = 'account'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A new TOTP secret, base32 (what authenticator apps take when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32
}

/** The `otpauth://totp/…` URL authenticator apps scan. */
export function otpauthUrl(secretBase32: string, issuer: string, accountName: string): string {
  return totpFor(secretBase32, issuer, accountName).toString()
}

/** The otpauth URL as an SVG QR code. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

/** True when the text has the shape of a TOTP code (six digits). */
function isTotpCodeShaped(code: string): boolean {
  return /^\d{6}$/.test(code)
}

/** The time step a code belongs to (current ±1), or undefined when it matches none. */
export function matchingTotpStep(
  secretBase32: string,
  code: string,
  now: number = Date.now(),
): number | undefined {
  if (!isTotpCodeShaped(code)) return undefined
  const totp = totpFor(secretBase32)
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta
}

/** Ten fresh recovery codes, formatted `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = ''
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(32)] ?? ''
    return code.match(/.{4}/g)?.join('-') ?? code
  })
}

/** SHA-256 of a recovery code, ignoring case, spaces, dashes and look-alikes (how people copy them). */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1')
  return createHash('sha256').update(normalized).digest('hex')
}

/** The context a user's TOTP secret is sealed with, so it only opens on that user's row. */
export function totpSecretContext(userId: string): string {
  return `totp:${userId}`
}
