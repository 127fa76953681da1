import { Type, type Static, type TSchema } from 'typebox'
import { AttachmentSchema } from '../attachments/attachments.schemas.js'
import { CommentSchema } from '../comments/comments.schemas.js'
import { EVENT_TYPES } from '../event-log/event-log.queries.js'
import { Id } from '../http/schemas.js'
import { PostSchema } from '../posts/posts.schemas.js'
import { SessionSchema } from '../sessions/sessions.schemas.js'
import { UserSchema } from '../users/users.schemas.js'

/** Most topics one stream may follow. */
export const MAX_TOPICS = 20

export const EventsQuery = Type.Object({
  topics: Type.String({
    maxLength: 2000,
    description:
      `Comma-separated, 1–${MAX_TOPICS} distinct: \`posts\` (every post you can see: created, updated, deleted), ` +
      '`posts/{id}` (that post, its attachments and every comment on it or its attachments), `me` (your account ' +
      'and sessions; needs a token)',
  }),
  last_event_id: Type.Optional(
    Type.String({
      maxLength: 8192,
      description:
        'Resume after this event (what `Last-Event-ID` carries; the header wins). Unknown, malformed or older than ' +
        'EVENTS_RETENTION: the stream starts with `event: reset`',
    }),
  ),
})
export type EventsQuery = Static<typeof EventsQuery>

export const EventsHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({
      maxLength: 8192,
      description:
        'Resume after this event: sent by EventSource when it reconnects (wins over `last_event_id`)',
    }),
  ),
})

const Deletion = Type.Object({ id: Id, post_id: Type.Optional(Id) })

/** One SSE message of each type, as `{id, event, data}` (the `data:` line is the JSON of `data`). */
function message<T extends TSchema>(type: string, data: T, description: string) {
  return Type.Object(
    {
      id: Type.String({ maxLength: 20, description: 'The cursor (`id:` line): opaque, increasing' }),
      event: Type.Literal(type),
      data: Type.Object({ data }),
    },
    { description },
  )
}

/** Every message a stream can carry: the OpenAPI document's description of `text/event-stream`. */
export const EventMessage = Type.Union(
  [
    message(
      'post.created',
      PostSchema,
      'A post you can see was created, or one you could not see became visible',
    ),
    message('post.updated', PostSchema, 'A post you can see changed (its cover too)'),
    message('post.deleted', Deletion, 'A post was deleted, or you lost sight of it (made private)'),
    message('attachment.created', AttachmentSchema, 'An attachment was uploaded to the post'),
    message('attachment.updated', AttachmentSchema, 'An attachment was renamed'),
    message('attachment.deleted', Deletion, 'An attachment was deleted (`post_id` set)'),
    message('comment.created', CommentSchema, 'A comment on the post or one of its attachments'),
    message('comment.updated', CommentSchema, 'A comment was changed'),
    message('comment.deleted', Deletion, 'A comment was deleted (`post_id` set)'),
    message('user.updated', UserSchema, 'Your account changed (as GET /v1/me answers, without lists)'),
    message('session.created', SessionSchema, 'A session of yours was created (never its token)'),
    message('session.deleted', Deletion, 'A session of yours was deleted'),
    Type.Object(
      { event: Type.Literal('reset'), data: Type.Object({}) },
      {
        description:
          'Events after the cursor to resume from were trimmed, or the server never reached it: refetch, then follow ' +
          'the stream',
      },
    ),
  ],
  { description: 'Messages of the stream; comment lines (`: heartbeat`) keep it alive' },
)

/** The event types, for the route's description. */
export const EVENT_TYPE_LIST = EVENT_TYPES.map((type) => `\`${type}\``).join(', ')
