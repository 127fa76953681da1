import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  codePointLength,
  createDummyHash,
  hashPassword,
  needsRehash,
  normalizePassword,
  PASSWORD_MAX_LENGTH,
  verifyPassword,
} from '../../src/accounts/passwords.js'
import { PasswordPolicy } from '../../src/accounts/password-policy.js'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const EMAIL = 'ada.lovelace@example.com'
const policy = new PasswordPolicy(10)

describe('password policy: length', () => {
  it('counts Unicode code points, not UTF-16 units', () => {
    const emoji = '🦄🐙🦊🐢🦉🐝🦋🐬🦀' // 9 code points, 18 UTF-16 units
    assert.equal(emoji.length, 18)
    assert.equal(codePointLength(emoji), 9)
    assert.match(policy.problem(emoji, EMAIL) ?? '', /at least 10 characters/)
    assert.equal(policy.problem(`${emoji}🐳`, EMAIL), undefined, 'ten distinct emoji are long enough')
  })

  it('rejects one code point below the minimum and accepts the minimum', () => {
    assert.match(policy.problem('vq7#Lm2@x', EMAIL) ?? '', /at least 10 characters/)
    assert.equal(policy.problem('vq7#Lm2@xZ', EMAIL), undefined)
  })

  it('honours a configured minimum', () => {
    const lenient = new PasswordPolicy(8)
    assert.equal(lenient.problem('vq7#Lm2@', EMAIL), undefined)
    const strict = new PasswordPolicy(16)
    assert.match(strict.problem('vq7#Lm2@xZ', EMAIL) ?? '', /at least 16 characters/)
  })

  it('accepts the maximum and refuses anything longer instead of truncating it', () => {
    const words = 'orbit lantern quiver meadow cobalt thistle ember harbor '
    const longest = words.repeat(10).slice(0, PASSWORD_MAX_LENGTH)
    assert.equal(codePointLength(longest), PASSWORD_MAX_LENGTH)
    assert.equal(policy.problem(longest, EMAIL), undefined)
    assert.match(policy.problem(`${longest}x`, EMAIL) ?? '', /at most 256 characters/)
  })
})

describe('password policy: common and low-entropy passwords', () => {
  const rejected: Array<[string, string, RegExp]> = [
    ['a list entry', 'qwertyuiop', /commonly used/],
    ['a list entry in another case', 'PassWord123', /commonly used/],
    ['another list entry', '1234567890', /commonly used/],
    ['one repeated character', 'aaaaaaaaaaaa', /too easy to guess/],
    ['one repeated emoji', '🦄🦄🦄🦄🦄🦄🦄🦄🦄🦄🦄🦄', /too easy to guess/],
    ['a keyboard walk', 'qwertyuiopasdfgh', /too easy to guess|commonly used/],
    ['a number sequence', '12345678901234', /too easy to guess|commonly used/],
    ['an alphabet sequence', 'abcdefghijklmn', /too easy to guess|commonly used/],
    ['a repeated pattern', 'abcabcabcabcabc', /too easy to guess/],
    ['l33t speak of a common password', 'P4$$w0rd1234', /too easy to guess/],
    ['l33t speak of dictionary words', 'dr4g0nf1r3', /too easy to guess/],
    ['a dictionary word with a digit', 'butterflies1', /too easy to guess/],
    ['the email address', EMAIL, /email/],
    ['the email in capitals', EMAIL.toUpperCase(), /email/],
    ['the local part', 'ada.lovelace', /email|too easy/],
    ['the local part with a digit', 'adalovelace1', /too easy to guess/],
  ]
  for (const [what, password, reason] of rejected) {
    it(`rejects ${what}`, () => {
      assert.match(policy.problem(normalizePassword(password), EMAIL) ?? 'accepted', reason)
    })
  }

  const accepted: Array<[string, string]> = [
    ['a passphrase of unrelated words', 'correct horse battery staple'],
    ['random characters', 'xK9#mP2$vL5q'],
    ['a long non-Latin phrase', 'Привет мир как дела сегодня'],
  ]
  for (const [what, password] of accepted) {
    it(`accepts ${what}`, () => {
      assert.equal(policy.problem(normalizePassword(password), EMAIL), undefined)
    })
  }

  it('imposes no composition rule: lower-case letters and spaces alone are fine', () => {
    assert.equal(policy.problem('plinth marmalade wobble', EMAIL), undefined)
  })
})

describe('password normalisation', () => {
  it('makes precomposed and decomposed forms identical (NFKC)', () => {
    const precomposed = 'caf\u00e9 au lait sous la pluie'
    const decomposed = 'cafe\u0301 au lait sous la pluie'
    assert.notEqual(precomposed, decomposed)
    assert.equal(normalizePassword(precomposed), normalizePassword(decomposed))
  })

  it('folds compatibility characters (full-width letters) to their plain form', () => {
    assert.equal(normalizePassword('ｐａｓｓ'), 'pass')
  })
})

describe('password hashing', () => {
  it('uses argon2id with OWASP parameters and a 16-byte salt outside the test runner', async () => {
    // This process runs under NODE_ENV=test from the TypeScript source, which hashes with the cheap
    // test setting; the same source under NODE_ENV=production is asked in a process of its own.
    const program = `import('./src/accounts/passwords.ts').then(async ({ hashPassword, needsRehash }) => {
      const hash = await hashPassword('correct horse battery staple')
      console.log(JSON.stringify({ hash, needsRehash: needsRehash(hash) }))
    })`
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', program],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
      },
    )
    const answer = JSON.parse(stdout) as { hash: string; needsRehash: boolean }
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(answer.hash)
    assert.ok(match, answer.hash)
    assert.deepEqual([match[1], match[2], match[3]], ['9216', '4', '1'])
    assert.equal(Buffer.from(match[4] ?? '', 'base64').length, 16, 'salt is 16 bytes (128 bits)')
    assert.equal(answer.needsRehash, false)
  })

  it('under the test runner, hashes with argon2id at the smallest cost and a 16-byte salt', async () => {
    const hash = await hashPassword('correct horse battery staple')
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(hash)
    assert.ok(match, hash)
    assert.deepEqual([match[1], match[2], match[3]], ['8', '1', '1'])
    assert.equal(Buffer.from(match[4] ?? '', 'base64').length, 16, 'salt is 16 bytes (128 bits)')
    assert.equal(needsRehash(hash), false)
  })

  it('salts every hash differently', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same password here'),
      hashPassword('same password here'),
    ])
    assert.notEqual(first, second)
  })

  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const hash = await hashPassword('correct horse battery staple')
    assert.equal(await verifyPassword(hash, 'correct horse battery staple'), true)
    assert.equal(await verifyPassword(hash, 'correct horse battery stable'), false)
    assert.equal(await verifyPassword('not-a-hash', 'anything'), false)
  })

  it('flags hashes made with weaker parameters for an upgrade', async () => {
    const { default: argon2 } = await import('argon2')
    const weak = await argon2.hash('some password here', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
    })
    assert.equal(needsRehash(weak), true)
  })

  it('makes a dummy hash that no guessable password matches', async () => {
    const dummy = await createDummyHash()
    assert.match(dummy, /^\$argon2id\$/)
    assert.equal(await verifyPassword(dummy, ''), false)
  })
})
