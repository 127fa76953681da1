import { createRequire } from 'node:module'
import type Pg from 'pg'

const require = createRequire(import.meta.url)
let loaded: typeof Pg | undefined

/**
 * node-postgres, loaded the first time a PostgreSQL database is opened: a server on SQLite never
 * needs it, and it costs a few MiB of heap (the resident-memory target counts every MiB).
 */
export function pgModule(): typeof Pg {
  loaded ??= require('pg') as typeof Pg
  return loaded
}
