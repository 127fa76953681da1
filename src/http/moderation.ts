import { Type } from 'typebox'
import { isoTime } from './iso-time.js'
import { Nullable, Timestamp } from './schemas.js'

// The `moderation` field of every resource a moderator can hide (posts, comments): null while shown.
// Only those who still see a hidden item (its author, moderators) ever receive it with the field set.

const REASON_MAX_LENGTH = 1000

export const ModerationSchema = Nullable(
  Type.Object(
    {
      hidden: Type.Boolean({ description: 'Always true: a shown item has `moderation: null`' }),
      reason: Nullable(
        Type.String({ maxLength: REASON_MAX_LENGTH, description: 'Why, as the moderator wrote it' }),
      ),
      hidden_at: Timestamp,
    },
    { description: 'Set while a moderator has hidden the item; null when it is shown' },
  ),
)

/** The optional reason a moderator gives for hiding something. */
export const HideBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: REASON_MAX_LENGTH, description: 'Why it is hidden' })) },
  { additionalProperties: false },
)

/** The `moderation` field of a stored row. */
export function moderationOf(row: {
  hidden: number
  hidden_at: number | null
  hidden_reason: string | null
}): { hidden: boolean; reason: string | null; hidden_at: string } | null {
  if (row.hidden === 0) return null
  return { hidden: true, reason: row.hidden_reason, hidden_at: isoTime(row.hidden_at ?? 0) }
}
