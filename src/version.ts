import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Reported by `GET /v1` when the build reference cannot be read. */
export const UNKNOWN_VERSION = '__UNKNOWN__'

/** `dist/version.json`, written by `npm run build`; found the same way from `src/` and `dist/`. */
export const DEFAULT_VERSION_FILE = fileURLToPath(new URL('../dist/version.json', import.meta.url))

/** Reads the build's git revision once, at start-up; `__UNKNOWN__` when missing, unreadable or malformed. */
export function readBuildVersion(path: string = DEFAULT_VERSION_FILE): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    const version =
      typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined
    return typeof version === 'string' && /^[\w.+-]{1,100}$/.test(version) ? version : UNKNOWN_VERSION
  } catch {
    return UNKNOWN_VERSION
  }
}
