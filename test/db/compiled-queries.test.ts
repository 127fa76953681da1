import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { sql } from 'kysely'
import { compiledQuery, MAX_LIST_LENGTH } from '../../src/db/compiled.js'
import { createDb, type Db } from '../../src/db/database.js'
import { loadConfig } from '../../src/config.js'
import { freshDatabaseUrl, TEST_ENGINE } from '../helpers.js'

// The compiled-query helper on the test engine: list values (`in` lists, multi-row inserts) expand to
// one parameter per item, compiled once per length and bound anew on every call.

interface Item {
  id: string
  label?: string | null
}

/** A fresh database with one scratch table, and a Kysely typed for it. */
async function scratchDb(t: TestContext, env: Record<string, string> = {}) {
  const db: Db = createDb(loadConfig({ DATABASE_URL: await freshDatabaseUrl(t), ...env }).database)
  t.after(() => db.destroy())
  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('label', 'text')
    .execute()
  return { db, items: () => db.withTables<{ items: Item }>() }
}

describe(`compiled queries: list values (${TEST_ENGINE})`, () => {
  it('inserts every row of a list in one statement and finds them by an `in` list, compiling once per length', async (t) => {
    const { db, items } = await scratchDb(t)
    let insertBuilds = 0
    const insertItems = compiledQuery((_db: Db, v: { rows: Item[] }) => {
      insertBuilds += 1
      return items().insertInto('items').values(v.rows)
    })
    let selectBuilds = 0
    const itemsWithIds = compiledQuery((_db: Db, v: { ids: string[] }) => {
      selectBuilds += 1
      return items().selectFrom('items').select(['id', 'label']).where('id', 'in', v.ids).orderBy('id')
    })

    assert.equal(
      await insertItems.changed(db, {
        rows: [
          { id: 'a', label: 'first' },
          { id: 'b', label: 'second' },
          { id: 'c', label: 'third' },
        ],
      }),
      3,
    )
    assert.equal(
      await insertItems.changed(db, {
        rows: [
          { id: 'd', label: 'fourth' },
          { id: 'e', label: 'fifth' },
          { id: 'f', label: 'sixth' },
        ],
      }),
      3,
    )
    assert.equal(insertBuilds, 1, 'three rows again: the same SQL, new values')

    assert.deepEqual(await itemsWithIds.rows(db, { ids: ['a', 'c'] }), [
      { id: 'a', label: 'first' },
      { id: 'c', label: 'third' },
    ])
    assert.deepEqual(await itemsWithIds.rows(db, { ids: ['f', 'd'] }), [
      { id: 'd', label: 'fourth' },
      { id: 'f', label: 'sixth' },
    ])
    assert.deepEqual(await itemsWithIds.rows(db, { ids: ['e'] }), [{ id: 'e', label: 'fifth' }])
    assert.deepEqual(await itemsWithIds.rows(db, { ids: ['b', 'x', 'a'] }), [
      { id: 'a', label: 'first' },
      { id: 'b', label: 'second' },
    ])
    assert.equal(selectBuilds, 3, 'one build for each length: 2, 1 and 3')
  })

  it('leaves a row’s undefined field to its default, as a separate shape from rows that set it', async (t) => {
    const { db, items } = await scratchDb(t)
    const insertItems = compiledQuery((_db: Db, v: { rows: Item[] }) =>
      items().insertInto('items').values(v.rows),
    )
    await insertItems.changed(db, { rows: [{ id: 'a', label: 'set' }] })
    await insertItems.changed(db, { rows: [{ id: 'b', label: undefined }] })
    await insertItems.changed(db, { rows: [{ id: 'c', label: 'set too' }] })
    const all = await items().selectFrom('items').select(['id', 'label']).orderBy('id').execute()
    assert.deepEqual(all, [
      { id: 'a', label: 'set' },
      { id: 'b', label: null },
      { id: 'c', label: 'set too' },
    ])
  })

  it('compiles once per combination of undefined values, each its own SQL, and binds the rest on every call', async (t) => {
    const { db, items } = await scratchDb(t)
    await items()
      .insertInto('items')
      .values([
        { id: 'a', label: 'x' },
        { id: 'b', label: 'y' },
        { id: 'c', label: 'x' },
      ])
      .execute()
    const built: string[] = []
    const findItems = compiledQuery((_db: Db, v: { id: string | undefined; label: string | undefined }) => {
      built.push(`${v.id === undefined ? '-' : 'id'},${v.label === undefined ? '-' : 'label'}`)
      let query = items().selectFrom('items').select('id').orderBy('id')
      if (v.id !== undefined) query = query.where('id', '=', v.id)
      if (v.label !== undefined) query = query.where('label', '=', v.label)
      return query
    })
    const ids = async (values: { id: string | undefined; label: string | undefined }) =>
      (await findItems.rows(db, values)).map((row) => row.id)
    // The two shapes with one value defined differ only in which one: they must not share SQL.
    assert.deepEqual(await ids({ id: 'b', label: undefined }), ['b'])
    assert.deepEqual(await ids({ id: undefined, label: 'x' }), ['a', 'c'])
    assert.deepEqual(await ids({ id: 'a', label: 'y' }), [])
    assert.deepEqual(await ids({ id: undefined, label: undefined }), ['a', 'b', 'c'])
    assert.deepEqual(await ids({ id: 'c', label: undefined }), ['c'])
    assert.deepEqual(await ids({ id: undefined, label: 'y' }), ['b'])
    assert.deepEqual(await ids({ id: 'a', label: 'x' }), ['a'])
    assert.deepEqual(built, ['id,-', '-,label', 'id,label', '-,-'])
  })

  it('refuses a query of more than 52 named values (its shape is a number with a bit for each)', async (t) => {
    const { db, items } = await scratchDb(t)
    let builds = 0
    const tooMany = compiledQuery((_db: Db, _v: Record<string, string>) => {
      builds += 1
      return items().selectFrom('items').select('id')
    })
    const values = Object.fromEntries(Array.from({ length: 53 }, (_, i) => [`v${String(i)}`, 'x']))
    await assert.rejects(tooMany.rows(db, values), RangeError)
    assert.equal(builds, 0)
    const { v52: _dropped, ...fiftyTwo } = values
    assert.deepEqual(await tooMany.rows(db, fiftyTwo), [])
  })

  it(`refuses a list of more than ${MAX_LIST_LENGTH} items before building any SQL, so no query caches a shape per length without bound`, async (t) => {
    const { db, items } = await scratchDb(t)
    let builds = 0
    const itemsWithIds = compiledQuery((_db: Db, v: { ids: string[] }) => {
      builds += 1
      return items().selectFrom('items').select('id').where('id', 'in', v.ids)
    })
    const ids = Array.from({ length: MAX_LIST_LENGTH + 1 }, (_, i) => `id-${i}`)
    await assert.rejects(itemsWithIds.rows(db, { ids }), RangeError)
    assert.equal(builds, 0)
    assert.deepEqual(await itemsWithIds.rows(db, { ids: ids.slice(0, MAX_LIST_LENGTH) }), [])
  })
})

describe(
  'compiled queries on PostgreSQL: prepared statements',
  { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
  () => {
    /** The statements the pool's one connection has prepared (DATABASE_POOL_MAX=1: every query shares it). */
    async function preparedOn(db: Db): Promise<string[]> {
      const result = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        db,
      )
      return result.rows.map((row) => row.statement)
    }

    it('prepares each compiled query once per connection and only binds it afterwards; DATABASE_PREPARED_STATEMENTS=false prepares none', async (t) => {
      for (const [setting, expected] of [
        ['true', 1],
        ['false', 0],
      ] as const) {
        const { db, items } = await scratchDb(t, {
          DATABASE_POOL_MAX: '1',
          DATABASE_PREPARED_STATEMENTS: setting,
        })
        await items().insertInto('items').values({ id: 'a', label: 'first' }).execute()
        const labelOf = compiledQuery((_db: Db, v: { id: string }) =>
          items().selectFrom('items').select(['label']).where('id', '=', v.id),
        )
        for (let i = 0; i < 3; i++) assert.deepEqual(await labelOf.first(db, { id: 'a' }), { label: 'first' })
        const prepared = (await preparedOn(db)).filter((statement) =>
          statement.startsWith('select "label" from "items"'),
        )
        assert.equal(
          prepared.length,
          expected,
          `DATABASE_PREPARED_STATEMENTS=${setting}: ${prepared.join(' | ')}`,
        )
      }
    })

    it('a prepared `select *` survives a column added under it: the connection prepares afresh and the query is retried', async (t) => {
      const { db, items } = await scratchDb(t, { DATABASE_POOL_MAX: '1' })
      await items().insertInto('items').values({ id: 'a', label: 'first' }).execute()
      const item = compiledQuery((_db: Db, v: { id: string }) =>
        items().selectFrom('items').selectAll().where('id', '=', v.id),
      )
      assert.deepEqual(await item.first(db, { id: 'a' }), { id: 'a', label: 'first' })
      // What a newer instance's migration does while this one runs.
      await db.schema
        .alterTable('items')
        .addColumn('extra', 'text', (column) => column.defaultTo('x'))
        .execute()
      assert.deepEqual(await item.first(db, { id: 'a' }), { id: 'a', label: 'first', extra: 'x' })
      assert.deepEqual(await item.first(db, { id: 'a' }), { id: 'a', label: 'first', extra: 'x' })
    })
  },
)
