import assert from 'node:assert/strict'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { loadSecretKey, SecretBox } from '../src/secrets.js'
import { tempDir, TEST_ENGINE } from './helpers.js'

const skip = TEST_ENGINE === 'postgres' ? 'engine-independent: runs in the SQLite pass' : false

describe('secret key', { skip }, () => {
  it('without SECRET_KEY, a key is created on first start (mode 0600) and reused after', (t) => {
    const path = join(tempDir(t, 'quire-secret-'), 'nested', 'secret.key')
    const first = loadSecretKey(null, path)
    assert.equal(first.length, 32)
    assert.equal(statSync(path).mode & 0o777, 0o600)
    assert.match(readFileSync(path, 'utf8'), /^[A-Za-z0-9+/]{43}=\n$/)
    assert.deepEqual(loadSecretKey(null, path), first, 'the second start reads the same key')
  })

  it('SECRET_KEY wins over the file, which is then never created', (t) => {
    const path = join(tempDir(t, 'quire-secret-'), 'secret.key')
    const key = Buffer.alloc(32, 9)
    assert.equal(loadSecretKey(key, path), key)
    assert.throws(() => statSync(path))
  })

  it('a malformed key file stops start-up with a message naming it', (t) => {
    const path = join(tempDir(t, 'quire-secret-'), 'secret.key')
    writeFileSync(path, 'not a key\n')
    assert.throws(
      () => loadSecretKey(null, path),
      /SECRET_KEY_FILE .*secret\.key must hold the base64 of 32 bytes/,
    )
  })
})

describe('secret box (AES-256-GCM)', { skip }, () => {
  const box = new SecretBox(Buffer.alloc(32, 1))

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'totp:u1')
    const b = box.seal('JBSWY3DPEHPK3PXP', 'totp:u1')
    assert.notEqual(a, b)
    assert.ok(!a.includes('JBSWY3DPEHPK3PXP'))
    assert.equal(box.open(a, 'totp:u1'), 'JBSWY3DPEHPK3PXP')
  })

  it('refuses another context, another key, and any altered byte', () => {
    const sealed = box.seal('secret', 'totp:u1')
    assert.throws(() => box.open(sealed, 'totp:u2'))
    assert.throws(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed, 'totp:u1'))
    const body = Buffer.from(sealed.slice(3), 'base64url')
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1
    assert.throws(() => box.open(`v1.${body.toString('base64url')}`, 'totp:u1'))
    assert.throws(() => box.open('garbage', 'totp:u1'))
  })
})
