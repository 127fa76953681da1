import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isoTime } from '../../src/http/iso-time.js'

describe('isoTime', () => {
  it('renders exactly what Date#toISOString renders', () => {
    const samples = [
      0,
      1,
      999,
      1000,
      86_399_999,
      86_400_000,
      951_782_400_000, // 2000-02-29
      1_709_164_800_000, // 2024-02-29
      1_761_033_760_279,
      253_402_300_799_999, // the last millisecond of year 9999
    ]
    let value = 1_700_000_000_000
    for (let i = 0; i < 20_000; i++) {
      value += 1 + ((i * 7_919_003) % 90_000_000)
      samples.push(value)
    }
    for (const sample of samples)
      assert.equal(isoTime(sample), new Date(sample).toISOString(), String(sample))
  })

  it('falls back to Date for values outside four-digit years or not whole milliseconds', () => {
    for (const value of [-1, -86_400_001, 253_402_300_800_000, 1.5]) {
      assert.equal(isoTime(value), new Date(value).toISOString(), String(value))
    }
  })
})
