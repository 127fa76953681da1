import type { CompiledQuery } from 'kysely'
import { dialectOf, executeCompiled, type Db } from './database.js'
import { namePreparedStatement } from './postgres-prepared.js'

// Building and compiling a query with Kysely costs more than running it on SQLite. Every query
// function therefore builds its SQL once per engine, with placeholders where the values go, and each
// call binds its values to that compiled SQL (which better-sqlite3 keeps prepared, see
// sqlite-driver.ts, and PostgreSQL prepares once per connection, see postgres-prepared.ts). This is
// the one way queries run; the query functions keep their signatures.

/**
 * Most items a list value may hold. A list compiles to one placeholder per item (`in (?, ?, ?)`, one
 * row per item of a multi-row insert), so each length is a shape of its own; the cap keeps every
 * query's cache of shapes small, whatever its callers pass.
 */
export const MAX_LIST_LENGTH = 100

/** Most named values a query may take (its shape is a number with one bit per value, see bind). */
const MAX_VALUES = 52

/**
 * Stands in for a named value while a query is built; each run puts the real value in its place. In
 * a list, `index` is the item's position, and `field` the column when the items are rows.
 */
class Placeholder {
  constructor(
    readonly name: string,
    readonly index?: number,
    readonly field?: string,
  ) {}

  /** The value this placeholder stands for in one call's values. */
  valueIn(values: Record<string, unknown>): unknown {
    const value = values[this.name]
    if (this.index === undefined) return value
    const item = (value as unknown[])[this.index]
    return this.field === undefined ? item : (item as Record<string, unknown>)[this.field]
  }
}

/** A row of a list (for a multi-row insert): a plain object, not a Buffer, Date or other value. */
function isRow(item: unknown): item is Record<string, unknown> {
  if (typeof item !== 'object' || item === null) return false
  const prototype: unknown = Object.getPrototypeOf(item)
  return prototype === Object.prototype || prototype === null
}

/** The shape of a list value: its length, and which fields of each row are defined. */
function listShape(name: string, list: unknown[]): string {
  if (list.length > MAX_LIST_LENGTH) {
    throw new RangeError(`${name} holds ${list.length} items; a query takes at most ${MAX_LIST_LENGTH}`)
  }
  let shape = `,${name}[${list.length}]`
  for (const item of list) {
    if (!isRow(item)) continue
    shape += '{'
    for (const field in item) if (item[field] !== undefined) shape += `${field},`
    shape += '}'
  }
  return shape
}

/** Placeholders for a list value: one per item, or one per defined field of each row. */
function listPlaceholders(name: string, list: unknown[]): unknown[] {
  return list.map((item, index) => {
    if (!isRow(item)) return new Placeholder(name, index)
    const row: Record<string, Placeholder | undefined> = {}
    for (const field in item) {
      row[field] = item[field] === undefined ? undefined : new Placeholder(name, index, field)
    }
    return row
  })
}

/**
 * What a build function receives: one placeholder per value, typed as the value it stands for, or
 * `undefined` where the call passes `undefined` (so the build can leave that condition out). An
 * array value becomes an array of as many placeholders (rows of placeholders when its items are
 * rows), for `in` lists and multi-row inserts. Use them only as query values — never compute with
 * them (pass `limit + 1` as its own value instead).
 */
type Placeholders<V> = V

/** A query builder or a raw `sql` template: anything that compiles against a database. */
interface Buildable<R> {
  compile(db: Db): CompiledQuery<R>
}

/** A query compiled once per engine and shape, run with new values on every call. */
interface CompiledStatement<V, R> {
  /** Every row. */
  rows(db: Db, values: V): Promise<R[]>
  /** The first row, if any. */
  first(db: Db, values: V): Promise<R | undefined>
  /** How many rows an INSERT, UPDATE or DELETE changed. */
  changed(db: Db, values: V): Promise<number>
  /** The statement with `values` bound, to run with others (`runAtomically`). */
  bound(db: Db, values: V): CompiledQuery<R>
}

/** What a query declares about the caches that copy rows it may write (docs/architecture.md). */
interface CompiledQueryOptions {
  /**
   * `'kept-in-step'`: the statement writes `users` or `sessions` without changing any row the session
   * cache may hold (a new session's insert), or its caller updates the cache's copy in step (the
   * last-used time). It then sets no copy aside; every other write naming those tables does.
   */
  sessionCache?: 'kept-in-step'
}

// What each compiled statement declared, by its SQL text: a bounded map, since compiled queries are
// a bounded set. Recorded when a shape is compiled, so before the statement first runs; read by the
// caches that decide from a statement's SQL whether it may change their copies.
const declarations = new Map<string, CompiledQueryOptions>()

/** What the compiled query whose SQL this is declared (see CompiledQueryOptions); undefined for other SQL. */
export function declarationOf(sql: string): CompiledQueryOptions | undefined {
  return declarations.get(sql)
}

/**
 * Compiles `build`'s query once for each engine and each combination of values that are undefined
 * and of list lengths (its "shape"), then binds values to it on every call. `values` must always be
 * passed with the same keys in the same order; a list holds at most MAX_LIST_LENGTH items.
 */
export function compiledQuery<V extends object, R>(
  build: (db: Db, values: Placeholders<V>) => Buildable<R>,
  options?: CompiledQueryOptions,
): CompiledStatement<V, R> {
  // A shape with scalar values only (the usual case) is a number: one bit per value, whether it is
  // defined, and the engine's bit on top; no key string is built per call. A shape with lists adds a
  // description of them (names, lengths, the defined fields of rows) to that number.
  const scalarShapes = new Map<number, CompiledQuery<R>>()
  const listShapes = new Map<string, CompiledQuery<R>>()

  function bind(db: Db, values: V): CompiledQuery<R> {
    const dialect = dialectOf(db)
    let defined = dialect === 'postgres' ? 1 : 0
    let lists = ''
    for (const name in values) {
      const value: unknown = values[name]
      defined *= 2
      if (Array.isArray(value)) lists += listShape(name, value)
      else if (value !== undefined) defined += 1
    }
    const listKey = lists === '' ? undefined : `${String(defined)}${lists}`
    let query = listKey === undefined ? scalarShapes.get(defined) : listShapes.get(listKey)
    if (query === undefined) {
      const placeholders: Record<string, unknown> = {}
      // Past 52 values the number above would lose bits and two shapes could share it.
      if (Object.keys(values).length > MAX_VALUES) {
        throw new RangeError(`a query takes at most ${String(MAX_VALUES)} named values`)
      }
      for (const name in values) {
        const value: unknown = values[name]
        placeholders[name] = Array.isArray(value)
          ? listPlaceholders(name, value)
          : value === undefined
            ? undefined
            : new Placeholder(name)
      }
      query = build(db, placeholders as Placeholders<V>).compile(db)
      if (listKey === undefined) scalarShapes.set(defined, query)
      else listShapes.set(listKey, query)
      if (options !== undefined) declarations.set(query.sql, options)
      if (dialect === 'postgres') namePreparedStatement(query.sql)
    }
    const template = query.parameters
    const parameters = new Array<unknown>(template.length)
    for (let index = 0; index < template.length; index++) {
      const parameter = template[index]
      parameters[index] =
        parameter instanceof Placeholder ? parameter.valueIn(values as Record<string, unknown>) : parameter
    }
    // A literal, not a spread of the compiled query: every bound query then has one shape.
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters }
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
    bound: bind,
  }
}
