import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const FORMAT = 'v1'

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

function parseKeyFile(text: string, path: string): Buffer {
  const trimmed = text.trim()
  const key = /^[A-Za-z0-9+/]{43}=$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined
  if (key?.length !== KEY_BYTES) {
    throw new Error(`SECRET_KEY_FILE ${path} must hold the base64 of 32 bytes; fix or remove it`)
  }
  return key
}

/**
 * The key from SECRET_KEY, or else the one in `path`, created there (mode 0600) on first start.
 * Creation is exclusive, so instances starting together on one disk end up with the same key.
 */
export function loadSecretKey(configured: Buffer | null, path: string): Buffer {
  if (configured) return configured
  try {
    return parseKeyFile(readFileSync(path, 'utf8'), path)
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  try {
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error
  }
  return parseKeyFile(readFileSync(path, 'utf8'), path)
}

/**
 * AES-256-GCM for secrets kept at rest. Each value is bound to its context (e.g. the user ID), so a
 * ciphertext copied to another row does not decrypt there.
 */
export class SecretBox {
  readonly #key: Buffer

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error('a SecretBox key is 32 bytes')
    this.#key = key
  }

  /** Encrypts text; the result is `v1.<base64url of iv | tag | ciphertext>`. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv)
    cipher.setAAD(Buffer.from(context, 'utf8'))
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
  }

  /** Decrypts what `seal` made with the same context; throws when it was altered or the key differs. */
  open(sealed: string, context: string): string {
    const [format, body = ''] = sealed.split('.', 2)
    const bytes = Buffer.from(body, 'base64url')
    if (format !== FORMAT || bytes.length < IV_BYTES + TAG_BYTES) throw new Error('not a sealed secret')
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    )
  }
}
