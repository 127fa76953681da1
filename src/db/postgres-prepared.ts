import type pg from 'pg'

// PostgreSQL parses and plans an unnamed statement on every execution; for the short statements of
// the hot paths that is most of the server's work. The compiled queries (compiled.ts) are a fixed,
// bounded set of SQL texts, so each gets a name and every pooled connection prepares it once, then
// only binds and executes it (docs/performance.md). Other SQL (migrations, the data tools) stays unnamed: its texts are not bounded.
//
// A statement prepared before a schema change whose result columns it selects (`select *` after a
// column was added by a newer instance's migration) fails once with "cached plan must not change
// result type"; the connection then prepares its statements afresh under new names and the query is
// retried, so only a statement inside a transaction can see that error.
//
// Poolers in transaction mode (PgBouncer before 1.21) hand each transaction another server
// connection, where the statement does not exist: `DATABASE_PREPARED_STATEMENTS=false` there.

const names = new Map<string, string>()

/** Names `sql` (a compiled query's text) for preparing; called once per compiled shape. */
export function namePreparedStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `quire_${String(names.size)}`)
}

/** SQLSTATE of "cached plan must not change result type". */
const PLAN_RESULT_CHANGED = '0A000'

type QueryFunction = (...args: unknown[]) => unknown

/** Makes every connection of `pool` run the named compiled queries as prepared statements. */
export function usePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // Bumped when the schema changed under this connection's statements: new names, fresh plans.
    let generation = 0
    const query = client.query.bind(client) as QueryFunction
    const prepared: QueryFunction = (...args) => {
      const [text, values] = args
      const name = typeof text === 'string' && args.length === 2 ? names.get(text) : undefined
      if (name === undefined) return query(...args)
      const run = (): Promise<unknown> =>
        query({
          name: generation === 0 ? name : `${name}_${String(generation)}`,
          text,
          values,
        }) as Promise<unknown>
      return run().catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== PLAN_RESULT_CHANGED) throw error
        generation += 1
        return run().catch(() => {
          throw error
        })
      })
    }
    client.query = prepared as typeof client.query
  })
}
