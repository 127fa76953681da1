import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clientAddressKey } from '../../src/http/client-address.js'

describe('client address key', () => {
  it('counts one /64 as one client and an IPv4-mapped address as its IPv4 address', () => {
    assert.equal(clientAddressKey('2001:db8:1:2:3:4:5:6'), clientAddressKey('2001:db8:1:2::9'))
    assert.notEqual(clientAddressKey('2001:db8:1:2::9'), clientAddressKey('2001:db8:1:3::9'))
    assert.equal(clientAddressKey('::ffff:198.51.100.3'), '198.51.100.3')
    assert.equal(clientAddressKey('198.51.100.3'), '198.51.100.3')
  })

  it('answers the same key for an address however many others came between (the memo is bounded)', () => {
    const first = clientAddressKey('2001:db8:aa:bb::1')
    for (let i = 0; i < 25_000; i++)
      clientAddressKey(`2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::1`)
    assert.equal(clientAddressKey('2001:db8:aa:bb::1'), first)
    assert.equal(clientAddressKey('2001:db8:aa:bb:ffff::2'), first)
  })
})
