import { PassThrough, type Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ApiError, errorResponses } from '../errors.js'
import { TOKEN_SECURITY, unauthenticated } from '../http/caller.js'
import { clientAddressKey } from '../http/client-address.js'
import { visiblePost } from '../http/permissions.js'
import { isUuid } from '../ids.js'
import { notifyAfterCommits } from './commit-notify.js'
import { resumableAfter } from './events.queries.js'
import { EVENT_TYPE_LIST, EventMessage, EventsHeaders, EventsQuery, MAX_TOPICS } from './events.schemas.js'
import { EventHub, type Subscriber } from './hub.js'

// GET /v1/events: Server-Sent Events. Every refusal comes before the stream opens, as an ordinary
// enveloped error; once open, the hub (hub.ts) writes to it until the client leaves, its session ends,
// the instance drains or the client stops reading.

/** What a stream follows. */
interface Topics {
  posts: boolean
  postIds: Set<string>
  me: boolean
}

/** Parses `topics`: 400 for an unknown or malformed topic, or more than MAX_TOPICS. */
function parseTopics(text: string): Topics {
  const topics: Topics = { posts: false, postIds: new Set(), me: false }
  const names = new Set(text.split(',').map((name) => name.trim()))
  if (names.size > MAX_TOPICS) {
    throw new ApiError('BAD_REQUEST', `At most ${MAX_TOPICS} topics`, {
      topics: `at most ${MAX_TOPICS} topics`,
    })
  }
  for (const name of names) {
    if (name === 'posts') topics.posts = true
    else if (name === 'me') topics.me = true
    else if (name.startsWith('posts/')) {
      const id = name.slice('posts/'.length)
      if (!isUuid(id)) {
        throw new ApiError('BAD_REQUEST', `Topic ${JSON.stringify(name)} must name a post ID`, {
          topics: 'posts/{id} takes a post ID (a UUID)',
        })
      }
      topics.postIds.add(id.toLowerCase())
    } else {
      throw new ApiError('BAD_REQUEST', `Unknown topic ${JSON.stringify(name.slice(0, 60))}`, {
        topics: 'each topic must be posts, posts/{id} or me',
      })
    }
  }
  return topics
}

/** The cursor a client resumes after: a number, `malformed`, or undefined when it sent none. */
function resumeCursor(
  header: string | string[] | undefined,
  query: string | undefined,
): number | 'malformed' | undefined {
  const text = typeof header === 'string' ? header : query
  if (text === undefined) return undefined
  return /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : 'malformed'
}

/** The live events route and the instance's hub. */
export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, postAccess } = app
  const hub = new EventHub(db, app.log, {
    heartbeatMs: config.eventsHeartbeatMs,
    pollMs: config.eventsPollMs,
    streamsPerKey: config.eventsStreamsPerUser,
    sessionLifeMs: config.sessionLifeMs,
    sessionAbsoluteLifeMs: config.sessionAbsoluteLifeMs,
  })
  // Every instance's hub hears of this one's events (PostgreSQL), streams open here or not.
  const notifier = notifyAfterCommits(db, (error) => {
    app.log.warn({ err: error }, 'notifying of live events failed')
  })
  app.lifecycle.whenDraining(() => {
    hub.endAll()
  })
  // Before the listener closes: an open stream would keep close() waiting for its connection.
  app.addHook('preClose', async () => {
    await hub.close()
  })
  app.addHook('onClose', () => {
    notifier?.stop()
  })

  app.get(
    '/events',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['events'],
        summary: 'Live events (Server-Sent Events)',
        description:
          'A `text/event-stream` of the changes you may see, as they commit, on every instance. Each message has ' +
          '`id:` (the cursor), `event:` (its type) and `data:` (`{"data": …}`: the resource exactly as its GET ' +
          `answers you, or \`{id, post_id?}\` for a deletion). Types: ${EVENT_TYPE_LIST}. Visibility is checked ` +
          'for you at the time of each event: a post you lose sight of arrives as `post.deleted`, one you gain ' +
          'as `post.created`; on `posts/{id}` a `post.deleted` is the last event of that topic. The stream opens ' +
          'with an `id:` line of its own (no event): the cursor it starts from, after a resume the resume point, so ' +
          'a client that loses it before any event resumes from there. Resume with ' +
          '`Last-Event-ID` (EventSource sends it on reconnect) or `last_event_id`: the missed events, in order, then ' +
          'live. A resume replays iff no event after its cursor was trimmed (EVENTS_RETENTION) and the cursor is ' +
          'not past the newest one reached, whether an event has it or not; any other cursor starts with ' +
          '`event: reset`. A comment line every ' +
          'EVENTS_HEARTBEAT. The stream ends within 5 s of its session being revoked or expiring, when the instance ' +
          'drains, or when 1 MiB waits for a client that does not read. Token by header or `access_token`; ' +
          'anonymous callers may follow public topics. Errors come before the stream opens: a malformed or ' +
          'unknown topic 400, a post you cannot see 404, `me` without a token 401, a `topics` over 2,000 characters ' +
          '422, more than ' +
          'EVENTS_STREAMS_PER_USER open streams (per client address when anonymous) 429.',
        security: [...TOKEN_SECURITY, {}],
        querystring: EventsQuery,
        headers: EventsHeaders,
        response: {
          200: {
            description: 'The stream',
            content: { 'text/event-stream': { schema: Type.Unsafe<Readable>(EventMessage) } },
          },
          ...errorResponses(400, 401, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const topics = parseTopics(request.query.topics)
      const caller = request.caller
      if (topics.me && caller === null) throw unauthenticated('The me topic needs a session token')
      for (const postId of topics.postIds) visiblePost(caller, await postAccess.find(postId))
      const limitKey = caller === null ? `address:${clientAddressKey(request.ip)}` : `user:${caller.userId}`
      if (!hub.takeSlot(limitKey)) {
        throw new ApiError(
          'RATE_LIMITED',
          `At most ${config.eventsStreamsPerUser} open event streams; close one first`,
          undefined,
          { 'retry-after': '5' },
        )
      }
      let resumeAfter: number | undefined
      let reset = false
      try {
        const cursor = resumeCursor(request.headers['last-event-id'], request.query.last_event_id)
        if (cursor === 'malformed') reset = true
        else if (cursor !== undefined) {
          if (await resumableAfter(db, cursor)) resumeAfter = cursor
          else reset = true
        }
      } catch (error) {
        hub.releaseSlot(limitKey)
        throw error
      }

      const out = new PassThrough()
      const subscriber: Subscriber = {
        userId: caller?.userId ?? null,
        sessionId: caller?.sessionId ?? null,
        limitKey,
        posts: topics.posts,
        postIds: topics.postIds,
        me: topics.me,
        out,
        response: reply.raw,
        cursor: 0,
        sentId: 0,
        pending: null,
        closed: false,
      }
      reply.raw.once('close', () => {
        subscriber.closed = true
        hub.remove(subscriber)
        hub.releaseSlot(limitKey)
      })
      // The first bytes send the headers at once; `retry` is how soon EventSource reconnects. The hub
      // adds the cursor the stream starts from.
      out.write('retry: 2000\n\n')
      if (reset) out.write('event: reset\ndata: {}\n\n')
      // Following before the answer starts: a change made once the client sees the stream open is sent.
      // A failure here answers an error; the close above gives the slot back.
      if (hub.ending) out.end()
      else await hub.add(subscriber, resumeAfter)
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close')
        .send(out)
    },
  )
}
