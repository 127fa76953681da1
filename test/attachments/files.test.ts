import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  cleanFilename,
  contentDisposition,
  isSafeInline,
  normalizeMediaType,
  parseRange,
} from '../../src/attachments/files.js'

// Unit tests of the pure file rules; the routes using them are tested over HTTP in attachments.test.ts.

describe('files: media types', () => {
  it('normalises a media type: lower-cased type and parameter names, values kept', () => {
    assert.equal(normalizeMediaType('Text/HTML;Charset=UTF-8'), 'text/html; charset=UTF-8')
    assert.equal(normalizeMediaType('image/png'), 'image/png')
    assert.equal(normalizeMediaType('text/plain; format="flowed; x"'), 'text/plain; format="flowed; x"')
    assert.equal(normalizeMediaType('application/json;'), 'application/json')
  })

  it('rejects what is not a media type, or too long to store', () => {
    for (const text of [
      '',
      'text',
      'not a type',
      'text/',
      '/plain',
      'a/b c',
      'text/plain; x',
      `a/${'b'.repeat(300)}`,
    ]) {
      assert.equal(normalizeMediaType(text), undefined, text)
    }
  })

  it('refuses a pathological media type at once instead of backtracking (ReDoS)', () => {
    for (const text of [
      `a/b${' '.repeat(80_000)}x`,
      `a/b;${'\t'.repeat(80_000)};x`,
      `a/b${' ;'.repeat(40_000)}x`,
      `a/b${'; a=b'.repeat(20_000)} x`,
    ]) {
      const started = performance.now()
      assert.equal(normalizeMediaType(text), undefined)
      const elapsedMs = performance.now() - started
      assert.ok(elapsedMs < 20, `took ${elapsedMs.toFixed(1)} ms for ${text.length} characters`)
    }
    // Within the length cap, whitespace runs are still matched linearly.
    assert.equal(normalizeMediaType(`text/plain;${' '.repeat(900)}`), 'text/plain')
  })

  it('shows only types that cannot run script inline', () => {
    for (const type of ['image/png', 'image/jpeg', 'text/plain; charset=utf-8', 'video/mp4', 'audio/mpeg']) {
      assert.equal(isSafeInline(type), true, type)
    }
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/javascript',
      'text/xml',
      'application/pdf',
      'application/octet-stream',
    ]) {
      assert.equal(isSafeInline(type), false, type)
    }
  })
})

describe('files: filenames', () => {
  it('keeps the last path component, drops control and bidi characters, NFC-normalises and trims', () => {
    assert.deepEqual(cleanFilename('a/b\\c.txt'), { filename: 'c.txt' })
    assert.deepEqual(cleanFilename('  spaced.txt  '), { filename: 'spaced.txt' })
    assert.deepEqual(cleanFilename('x\u0085y\u2066z'), { filename: 'xyz' })
    assert.deepEqual(cleanFilename('A\u030a.txt'), { filename: '\u00c5.txt' })
  })

  it('refuses names with nothing usable left, over 255 characters or with lone surrogates', () => {
    for (const name of ['', '   ', '/', 'dir/', '.', '..', '\u0000', 'x'.repeat(256), 'a\ud800']) {
      assert.ok('problem' in cleanFilename(name), JSON.stringify(name))
    }
    assert.ok('filename' in cleanFilename('x'.repeat(255)))
  })

  it('encodes Content-Disposition with an ASCII fallback and an RFC 8187 filename*', () => {
    assert.equal(
      contentDisposition('résumé "final".pdf', 'application/pdf'),
      `attachment; filename="r_sum_ _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.pdf`,
    )
    assert.equal(contentDisposition('a.png', 'image/png'), `inline; filename="a.png"; filename*=UTF-8''a.png`)
  })
})

describe('files: ranges', () => {
  it('reads single byte ranges, open-ended and suffix ranges, clipping the end', () => {
    assert.deepEqual(parseRange('bytes=0-9', 100), { start: 0, end: 9 })
    assert.deepEqual(parseRange('bytes=90-', 100), { start: 90, end: 99 })
    assert.deepEqual(parseRange('bytes=-10', 100), { start: 90, end: 99 })
    assert.deepEqual(parseRange('bytes=-500', 100), { start: 0, end: 99 })
    assert.deepEqual(parseRange('bytes=50-5000', 100), { start: 50, end: 99 })
    assert.deepEqual(parseRange('BYTES=1-1', 100), { start: 1, end: 1 })
  })

  it('calls a range starting past the end, or an empty suffix, unsatisfiable', () => {
    assert.equal(parseRange('bytes=100-', 100), 'unsatisfiable')
    assert.equal(parseRange('bytes=-0', 100), 'unsatisfiable')
    assert.equal(parseRange('bytes=0-0', 0), 'unsatisfiable')
  })

  it('ignores absent, malformed, multiple or other-unit ranges (the whole file is sent)', () => {
    for (const header of [
      undefined,
      'bytes=',
      'bytes=-',
      'bytes=5-1',
      'bytes=0-1,3-4',
      'items=0-1',
      'bytes=a-b',
      `bytes=0-${'9'.repeat(300)}`,
    ]) {
      assert.equal(parseRange(header, 100), undefined, String(header))
    }
  })
})
