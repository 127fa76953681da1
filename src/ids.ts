import { randomFillSync } from 'node:crypto'

// Monotonic UUIDv7 (RFC 9562 §6.2, method 1): 48-bit milliseconds, then a 12-bit counter in `rand_a`
// that increments within one millisecond, then 62 random bits. When the counter overflows, the
// timestamp borrows the next millisecond, so every ID compares greater than the one made before it.
let lastMs = 0
let counter = 0
// Random bytes are drawn from the CSPRNG a pool at a time (as Node's randomUUID does): one call per
// 512 IDs instead of two per ID. Every byte is used once.
const POOL_BYTES = 8 * 512
const pool = Buffer.alloc(POOL_BYTES)
let poolOffset = POOL_BYTES

/** The next `length` unused random bytes of the pool (a view: copy before the pool refills). */
function randomBytesFromPool(length: number): Buffer {
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const bytes = pool.subarray(poolOffset, poolOffset + length)
  poolOffset += length
  return bytes
}

/** Returns a new UUIDv7 that sorts after every ID this process generated before. */
export function newId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now
    counter = randomBytesFromPool(2).readUInt16BE(0) & 0x3ff // start low so a busy millisecond has room to count
  } else if (++counter > 0xfff) {
    lastMs += 1
    counter = 0
  }
  const random = randomBytesFromPool(8)
  const bytes = Buffer.alloc(16)
  bytes.writeUIntBE(lastMs, 0, 6)
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  random.copy(bytes, 8)
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** True for any syntactically valid UUID string. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value)
}
