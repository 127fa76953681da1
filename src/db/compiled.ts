import type { CompiledQuery } from 'kysely'
import { dialectOf, executeCompiled, type Db } from './database.js'

// Building and compiling a query with Kysely costs more than running it on SQLite. Every query
// function therefore builds its SQL once per engine, with placeholders where the values go, and each
// call binds its values to that compiled SQL (which better-sqlite3 also keeps prepared, see
// database.ts). This is the one way queries run; the query functions keep their signatures.

/** Stands in for a named value while a query is built; each run puts the real value in its place. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * What a build function receives: one placeholder per value, typed as the value it stands for, or
 * `undefined` where the call passes `undefined` (so the build can leave that condition out). Use
 * them only as query values — never compute with them (pass `limit + 1` as its own value instead).
 */
export type Placeholders<V> = V

/** A query builder or a raw `sql` template: anything that compiles against a database. */
interface Buildable<R> {
  compile(db: Db): CompiledQuery<R>
}

/** A query compiled once per engine and shape, run with new values on every call. */
export interface CompiledStatement<V, R> {
  /** Every row. */
  rows(db: Db, values: V): Promise<R[]>
  /** The first row, if any. */
  first(db: Db, values: V): Promise<R | undefined>
  /** How many rows an INSERT, UPDATE or DELETE changed. */
  changed(db: Db, values: V): Promise<number>
}

/**
 * Compiles `build`'s query once for each engine and each combination of values that are undefined
 * (its "shape"), then binds values to it on every call. `values` must always be passed with the same
 * keys in the same order.
 */
export function compiledQuery<V extends object, R>(
  build: (db: Db, values: Placeholders<V>) => Buildable<R>,
): CompiledStatement<V, R> {
  const compiled = new Map<string, CompiledQuery<R>>()

  function bind(db: Db, values: V): CompiledQuery<R> {
    let shape: string = dialectOf(db)
    for (const name in values) if (values[name] !== undefined) shape += `,${name}`
    let query = compiled.get(shape)
    if (query === undefined) {
      const placeholders: Record<string, unknown> = {}
      for (const name in values) {
        placeholders[name] = values[name] === undefined ? undefined : new Placeholder(name)
      }
      query = build(db, placeholders as Placeholders<V>).compile(db)
      compiled.set(shape, query)
    }
    const parameters = query.parameters.map((parameter) =>
      parameter instanceof Placeholder ? values[parameter.name as keyof V] : parameter,
    )
    return { ...query, parameters }
  }

  return {
    async rows(db, values) {
      return (await executeCompiled(db, bind(db, values))).rows
    },
    async first(db, values) {
      return (await executeCompiled(db, bind(db, values))).rows[0]
    },
    async changed(db, values) {
      return Number((await executeCompiled(db, bind(db, values))).numAffectedRows ?? 0n)
    },
  }
}
