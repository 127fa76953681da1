import { Type } from 'typebox'
import { fieldsError } from '../errors.js'

// `include`: the comma-separated names of what a read embeds beside its object (`/me?include=posts`,
// `/reports?include=target`). Each route names what it can embed; any other name is a 422.

/** What a read without `include` embeds: one set for every such request (nothing adds to it). */
const NOTHING: ReadonlySet<never> = new Set()

/** The `include` query parameter's schema, naming what the route can embed. */
export function IncludeQuery(includable: readonly string[]) {
  return Type.Optional(
    Type.String({ maxLength: 100, description: `Comma-separated, what to embed: ${includable.join(', ')}` }),
  )
}

/** The names `include` lists, each one of `includable`; 422 (`fields.include`) for any other. */
export function parseInclude<Name extends string>(
  include: string | undefined,
  includable: readonly Name[],
): ReadonlySet<Name> {
  // The common case, no `include`, may be a hot request: no split, no arrays, no set.
  if (include === undefined) return NOTHING
  const requested = include
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const unknown = requested.filter((part) => !(includable as readonly string[]).includes(part))
  if (unknown.length > 0) throw fieldsError({ include: `must list only: ${includable.join(', ')}` })
  return new Set(requested as Name[])
}
