import { normalizeIP } from '@fastify/rate-limit'

// Every counter keyed by a client's address (the route quotas, login attempts, registrations, the
// request budget) names the client the same way, through this one function.

/** Address texts whose key is remembered; the memo is emptied when it fills. */
const REMEMBERED_ADDRESSES_MAX = 10_000

/**
 * Address text → key. normalizeIP is a pure function of the text, so a remembered key never goes
 * stale; it is remembered because it takes tens of microseconds on an IPv6 address, and a client's
 * address repeats on every request it sends.
 */
const rememberedKeys = new Map<string, string>()

/**
 * The part of a counter's key that names the client: the address, with every IPv6 address of one /64
 * counted as one client (a single subscriber is usually given a whole /64) and an IPv4-mapped IPv6
 * address counted as the IPv4 address it maps.
 */
export function clientAddressKey(address: string): string {
  let key = rememberedKeys.get(address)
  if (key === undefined) {
    if (rememberedKeys.size >= REMEMBERED_ADDRESSES_MAX) rememberedKeys.clear()
    key = normalizeIP(address)
    rememberedKeys.set(address, key)
  }
  return key
}
