// The throwaway databases of `npm run bench`: a fresh SQLite file, or a fresh PostgreSQL database
// under QUIRE_TEST_POSTGRES_URL, each dropped when the run ends; and, on PostgreSQL, a SQLite copy of
// the same data, so the two engines can be compared on identical rows in the same rounds.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { loadConfig } from '../src/config.js'
import { copyDatabase } from '../src/transfer/copy.js'
import { createDb, type Db } from '../src/db/database.js'
import { POSTGRES, POSTGRES_ADMIN_URL } from './options.js'

/** An empty database on the run's engine, and how to drop it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!POSTGRES) {
    const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'))
    return {
      url: `sqlite:${join(dir, 'bench.db')}`,
      drop: () => {
        rmSync(dir, { recursive: true, force: true })
        return Promise.resolve()
      },
    }
  }
  const name = `quire_bench_${randomBytes(4).toString('hex')}`
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

/**
 * A SQLite copy of the PostgreSQL data set (same IDs and tokens, so every scenario's request means the
 * same on both), for driving Quire on SQLite beside Quire on PostgreSQL in the same rounds.
 */
export async function sqliteCopyOf(source: Db): Promise<{ url: string; drop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'))
  const url = `sqlite:${join(dir, 'bench.db')}`
  const target = createDb(loadConfig({ DATABASE_URL: url }).database)
  try {
    await copyDatabase(source, target)
  } finally {
    await target.destroy()
  }
  return {
    url,
    drop: () => {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
