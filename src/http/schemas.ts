import { Type, type Static } from 'typebox'
import { DEFAULT_PAGE_SIZE, MAX_OFFSET, MAX_PAGE_SIZE } from '../db/pagination.js'

/** Query-string schema shared by every list endpoint. */
export const PageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      description: `Page size, default ${DEFAULT_PAGE_SIZE}`,
    }),
  ),
  pagetoken: Type.Optional(
    Type.String({ maxLength: 200, description: 'The `next_page_token` of the previous page (opaque)' }),
  ),
  from: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 0,
      maximum: MAX_OFFSET,
      description:
        `Offset into the results (0-based), at most ${MAX_OFFSET.toLocaleString('en-US')}; to go deeper, follow ` +
        '`next_page_token`. Cannot be combined with `pagetoken`',
    }),
  ),
})
export type PageQuery = Static<typeof PageQuery>
