// Every timestamp the API returns is rendered here, from the epoch milliseconds the tables store.

const DAY_MS = 86_400_000
const LATEST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999 // 9999-12-31T23:59:59.999Z
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'))
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'))
// `YYYY-MM-DDT` of recently rendered days; bounded, and cleared when full.
const dayPrefixes = new Map<number, string>()
const DAY_PREFIXES_MAX = 4096

/**
 * Renders a stored epoch-milliseconds timestamp as the API's ISO 8601 string, exactly as
 * `Date#toISOString` does. Lists render two per row, so the date part is kept per day and the time
 * is built from digit tables: a tenth of the cost of a Date.
 */
export function isoTime(epochMs: number): string {
  if (!Number.isInteger(epochMs) || epochMs < 0 || epochMs > LATEST_FOUR_DIGIT_YEAR_MS) {
    return new Date(epochMs).toISOString()
  }
  const day = Math.floor(epochMs / DAY_MS)
  let prefix = dayPrefixes.get(day)
  if (prefix === undefined) {
    if (dayPrefixes.size >= DAY_PREFIXES_MAX) dayPrefixes.clear()
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11)
    dayPrefixes.set(day, prefix)
  }
  let rest = epochMs - day * DAY_MS
  const hours = Math.floor(rest / 3_600_000)
  rest -= hours * 3_600_000
  const minutes = Math.floor(rest / 60_000)
  rest -= minutes * 60_000
  const seconds = Math.floor(rest / 1000)
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`
}
