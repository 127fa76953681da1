import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isUuid, newId } from '../src/ids.js'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('newId', () => {
  it('gives UUIDv7s that each sort after the one before, across many refills of its random pool', () => {
    // About 20 pool refills (512 IDs a pool), within one millisecond and across many.
    let previous = newId()
    const seen = new Set([previous])
    const now = Date.now()
    for (let i = 0; i < 10_000; i++) {
      const id = newId(i < 5_000 ? now : now + i)
      assert.match(id, UUID_V7)
      assert.ok(isUuid(id))
      assert.ok(id > previous, `${id} sorts after ${previous}`)
      seen.add(id)
      previous = id
    }
    assert.equal(seen.size, 10_001)
  })

  it('carries the millisecond it was made in its first 48 bits', () => {
    const ms = Date.now() + 60_000
    const id = newId(ms)
    assert.equal(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16), ms)
  })
})
