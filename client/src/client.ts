import createClient, { type Client } from 'openapi-fetch'
import { createAuthStore, type AuthStore } from './auth.js'
import { errorFromResponse, networkError, QuireError } from './errors.js'
import {
  subscribe,
  type EventHandlers,
  type SubscribeOptions,
  type Subscription,
  type Topic,
} from './events.js'
import type { paths } from './openapi.js'
import { paged, type Paged } from './pages.js'
import type {
  Attachment,
  Comment,
  CommentChanges,
  Credentials,
  Health,
  NewPost,
  NewSession,
  Operation,
  Post,
  PostChanges,
  ProfileChanges,
  Registration,
  Session,
  TotpEnrolment,
  User,
} from './types.js'

/** How to reach a Quire server, and where the session token is kept. */
export interface QuireOptions {
  /** The server's origin, e.g. `https://api.example.com` (paths start with `/v1`). */
  baseUrl: string
  /**
   * Holds the session token, sent as `Authorization: Bearer …` (default: in memory only). Pass
   * `createAuthStore(localStoragePersistence())` to keep it between visits.
   */
  auth?: AuthStore
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch
}

/** Options of a write that can be made conditional. */
export interface WriteOptions {
  /**
   * The `If-Match` to send. By default the ETag of the object passed in, when it came from a read
   * (`get`, `update`…); `false` sends none, so the write applies whatever changed meanwhile.
   */
  ifMatch?: string | false
}

/** Options of an upload. */
export interface UploadOptions {
  /** The stored filename (default: the File's name, else `file`). */
  filename?: string
  /** Called as bytes go out, with the bytes sent and the total; uses XMLHttpRequest where it exists. */
  onProgress?: (sent: number, total: number) => void
  /** Cancels the upload. */
  signal?: AbortSignal
}

/** Query of a list: the page size, and where to start. */
export interface ListOptions {
  /** Items per page, 1–100 (default 20). */
  limit?: number
  /**
   * Skips this many items before the first page (0-based offset, e.g. `from: 40` with `limit: 20` is the
   * third page); later pages follow `next_page_token` as usual.
   */
  from?: number
}

/** Options of `attachments.contentUrl`. */
export interface ContentUrlOptions {
  /**
   * Adds the session token as `access_token`, for an `<img src>` of a private post's file. The URL then
   * carries the token wherever it goes (history, caches, Referer to the same origin); the server may
   * refuse it (`ALLOW_QUERY_TOKEN=false`). `attachments.download()` sends it in a header instead.
   */
  withToken?: boolean
}

type IdOr<T> = string | T

interface ListQuery {
  limit?: number
  from?: number
  pagetoken?: string
}

/** Enough to address an attachment's nested routes: its ID and its post's (e.g. a post's cover). */
export type AttachmentRef = Pick<Attachment, 'id' | 'post_id'>

// The part of XMLHttpRequest used for uploads with progress, declared here so the client compiles
// (and runs, through fetch) where there is no DOM, e.g. in Node.js.
interface ProgressEventLike {
  lengthComputable: boolean
  loaded: number
  total: number
}
interface XhrLike {
  open(method: string, url: string): void
  setRequestHeader(name: string, value: string): void
  getResponseHeader(name: string): string | null
  send(body: FormData): void
  abort(): void
  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void
  readonly upload: { addEventListener(type: 'progress', listener: (event: ProgressEventLike) => void): void }
  readonly status: number
  readonly statusText: string
  readonly responseText: string
}
type XhrConstructor = new () => XhrLike

function xhrConstructor(): XhrConstructor | undefined {
  return (globalThis as { XMLHttpRequest?: XhrConstructor }).XMLHttpRequest
}

// ETags of the objects this client has read, so a later write can send them as If-Match without the
// caller carrying them around. Weak: forgotten with the object.
const etags = new WeakMap<object, string>()

/** The ETag an object had when this client read it, if it came from a single-object response. */
export function etagOf(resource: object): string | undefined {
  return etags.get(resource)
}

function idOf(value: IdOr<{ id: string }>): string {
  return typeof value === 'string' ? value : value.id
}

function ifMatchHeader(target: IdOr<object>, options: WriteOptions | undefined): Record<string, string> {
  if (options?.ifMatch === false) return {}
  const etag = options?.ifMatch ?? (typeof target === 'string' ? undefined : etags.get(target))
  return etag === undefined ? {} : { 'if-match': etag }
}

// The operation each answer belongs to, noted as it arrives, so a QuireError can name it.
const operations = new WeakMap<Response, Operation>()

interface FetchResult<T> {
  data?: T
  error?: unknown
  response: Response
}

/** The typed Quire client; see createQuire. */
export interface Quire {
  /** The openapi-fetch client underneath, typed from the OpenAPI document, for routes not wrapped here. */
  readonly raw: Client<paths>
  /** The session token and signed-in user: kept by login, `me.get` and `me.update`; forgotten by logout or a 401. */
  readonly auth: AuthStore
  /** The current session token, if any (`auth.token`). */
  readonly token: string | undefined
  /** `GET /v1`: liveness and build revision. */
  health(): Promise<Health>
  /** `POST /v1/register`: creates an account (it does not log in). */
  register(registration: Registration): Promise<User>
  /** `POST /v1/sessions`: logs in and keeps the token for every later call. */
  login(credentials: Credentials): Promise<NewSession>
  /** Ends this session on the server (`DELETE /v1/sessions/{current}`) and forgets the token. */
  logout(): Promise<void>
  sessions: {
    /** The caller's sessions, newest first; `current` marks this one. */
    list(options?: ListOptions): Paged<Session>
    /** Logs out one of the caller's sessions. */
    revoke(session: IdOr<Session>): Promise<void>
    /** Logs out every session of the caller but this one. */
    revokeOthers(): Promise<void>
  }
  me: {
    /** The caller's profile (its ETag is kept for `update`). */
    get(): Promise<User>
    /** Changes the display name and merges preferences (a `null` value removes a key). */
    update(changes: ProfileChanges, options?: WriteOptions & { of?: User }): Promise<User>
    /** Changes the password; every other session is signed out. */
    changePassword(currentPassword: string, newPassword: string): Promise<void>
    /** Deletes the account and everything it owns; the token is forgotten. */
    delete(password: string): Promise<void>
    /** The caller's posts, public and private. */
    posts(options?: ListOptions): Paged<Post>
    /** Starts an email change: a confirmation link goes to the new address (the change applies when it is opened). */
    changeEmail(newEmail: string, password: string): Promise<void>
    /** Mails a new verification link to the caller's address. */
    resendVerification(): Promise<void>
  }
  passwordResets: {
    /** Asks for a reset link by mail; answers the same whether or not the account exists. */
    request(email: string): Promise<void>
    /** Sets a new password with the mailed token; every session of the account ends. */
    confirm(token: string, newPassword: string): Promise<void>
  }
  emailVerifications: {
    /** Confirms an address (a new account's, or a changed one) with the mailed token. */
    confirm(token: string): Promise<void>
  }
  emailChanges: {
    /** Voids a pending email change with the token of the notice mailed to the current address. */
    cancel(token: string): Promise<void>
  }
  totp: {
    /** Starts setting up two-factor sign-in (pending until confirmed). */
    start(password: string): Promise<TotpEnrolment>
    /** Turns two-factor sign-in on with a code from the app; answers the recovery codes (shown once). */
    confirm(code: string): Promise<string[]>
    /** Turns two-factor sign-in off. */
    disable(password: string): Promise<void>
  }
  posts: {
    /** Public posts plus the caller's own, newest first; `user` narrows to one author. */
    list(options?: ListOptions & { user?: string }): Paged<Post>
    /** One post (its ETag is kept for `update`/`replace`/`delete`). */
    get(id: string): Promise<Post>
    create(post: NewPost): Promise<Post>
    /** Changes the given fields; If-Match from the post's read unless `ifMatch` says otherwise. */
    update(post: IdOr<Post>, changes: PostChanges, options?: WriteOptions): Promise<Post>
    delete(post: IdOr<Post>, options?: WriteOptions): Promise<void>
  }
  attachments: {
    list(post: IdOr<Post>, options?: ListOptions): Paged<Attachment>
    get(post: IdOr<Post>, id: string): Promise<Attachment>
    /** Uploads a File or Blob as `multipart/form-data`. */
    upload(post: IdOr<Post>, file: Blob, options?: UploadOptions): Promise<Attachment>
    /** The bytes, as a Blob of the stored type, fetched with the session token. */
    download(attachment: AttachmentRef): Promise<Blob>
    /**
     * The absolute URL of the bytes (`links.content`), for `<img src>` or a link: enough for a public
     * post's file; a private post's needs the token (`download()`, or `withToken`).
     */
    contentUrl(attachment: Pick<Attachment, 'links'>, options?: ContentUrlOptions): string
    rename(attachment: IdOr<Attachment>, filename: string, options?: WriteOptions): Promise<Attachment>
    delete(attachment: IdOr<Attachment>, options?: WriteOptions): Promise<void>
    /** Makes the attachment its post's cover; answers the updated post. */
    selectAsCover(attachment: AttachmentRef): Promise<Post>
  }
  /**
   * Follows live events on `topics` (`GET /v1/events`) until `close()`: dropped streams are opened again and
   * resume where they stopped; `reset` says when that was not possible.
   */
  subscribe(
    topics: Topic | readonly Topic[],
    handlers: EventHandlers,
    options?: SubscribeOptions,
  ): Subscription
  comments: {
    /** A post's comments, or an attachment's with `attachment`. */
    list(post: IdOr<Post>, options?: ListOptions & { attachment?: IdOr<Attachment> }): Paged<Comment>
    /** Comments on a post, or on one of its attachments with `attachment`. */
    create(post: IdOr<Post>, body: string, options?: { attachment?: IdOr<Attachment> }): Promise<Comment>
    get(id: string): Promise<Comment>
    update(comment: IdOr<Comment>, changes: CommentChanges, options?: WriteOptions): Promise<Comment>
    delete(comment: IdOr<Comment>, options?: WriteOptions): Promise<void>
  }
}

/**
 * A typed client for one Quire server. Every failure throws a QuireError; lists are async iterables
 * that follow `next_page_token`.
 */
export function createQuire(options: QuireOptions): Quire {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input))
  const auth = options.auth ?? createAuthStore()

  /** A 401 to the token the store still holds means the session is over: forget it. */
  const refused = (status: number, sentToken: string | undefined): void => {
    if (status === 401 && sentToken !== undefined && sentToken === auth.token) auth.clear()
  }

  const raw = createClient<paths>({ baseUrl, fetch: fetchImpl })
  raw.use({
    onRequest({ request, schemaPath }) {
      // Logging in never needs the old token, and its 401 (wrong password) must not end the old session.
      const isLogin = request.method === 'POST' && schemaPath === '/v1/sessions'
      const token = auth.token
      if (token !== undefined && !isLogin && !request.headers.has('authorization')) {
        request.headers.set('authorization', `Bearer ${token}`)
      }
      return request
    },
    onResponse({ request, response, schemaPath }) {
      operations.set(response, `${request.method} ${schemaPath}` as Operation)
      const sent = request.headers.get('authorization')
      refused(response.status, sent?.startsWith('Bearer ') ? sent.slice('Bearer '.length) : undefined)
      return response
    },
  })

  /** Runs a call, throwing a QuireError (naming the operation) on failure. */
  async function call<T>(send: () => Promise<FetchResult<T>>): Promise<{ data: T; response: Response }> {
    let result: FetchResult<T>
    try {
      result = await send()
    } catch (cause) {
      throw cause instanceof QuireError ? cause : networkError(cause)
    }
    if (!result.response.ok) {
      throw errorFromResponse(result.response, result.error, operations.get(result.response))
    }
    return { data: result.data as T, response: result.response }
  }

  /** A single-object call answering `{data}`; the object's ETag is remembered. */
  async function single<T extends object>(send: () => Promise<FetchResult<{ data: T }>>): Promise<T> {
    const { data, response } = await call(send)
    const etag = response.headers.get('etag')
    if (etag !== null) etags.set(data.data, etag)
    return data.data
  }

  async function empty(send: () => Promise<FetchResult<unknown>>): Promise<void> {
    await call(send)
  }

  /** A list: the first page from `from` (or the start), then each `next_page_token`. */
  function list<T>(
    send: (query: ListQuery) => Promise<FetchResult<{ data: T[]; next_page_token?: string }>>,
    options: ListOptions | undefined,
  ) {
    return paged(async (pageToken) => {
      const query: ListQuery = {}
      if (options?.limit !== undefined) query.limit = options.limit
      if (pageToken !== undefined) query.pagetoken = pageToken
      else if (options?.from !== undefined) query.from = options.from
      const { data } = await call(() => send(query))
      return data.next_page_token === undefined
        ? { items: data.data }
        : { items: data.data, nextPageToken: data.next_page_token }
    })
  }

  /** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
  function uploadWithProgress(
    Xhr: XhrConstructor,
    url: string,
    form: FormData,
    upload: UploadOptions,
  ): Promise<Attachment> {
    const onProgress = upload.onProgress
    return new Promise((resolve, reject) => {
      const xhr = new Xhr()
      xhr.open('POST', url)
      const token = auth.token
      if (token !== undefined) xhr.setRequestHeader('authorization', `Bearer ${token}`)
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && onProgress) onProgress(event.loaded, event.total)
      })
      xhr.addEventListener('error', () => {
        reject(networkError(new Error('upload failed')))
      })
      xhr.addEventListener('abort', () => {
        reject(
          new QuireError(
            0,
            'ABORTED',
            'The upload was cancelled',
            {},
            undefined,
            'POST /v1/posts/{id}/attachments',
          ),
        )
      })
      xhr.addEventListener('load', () => {
        let body: unknown
        try {
          body = JSON.parse(xhr.responseText)
        } catch {
          body = undefined
        }
        const response = new Response(null, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'x-request-id': xhr.getResponseHeader('x-request-id') ?? '' },
        })
        if (xhr.status !== 201) {
          refused(xhr.status, token)
          reject(errorFromResponse(response, body, 'POST /v1/posts/{id}/attachments'))
          return
        }
        resolve((body as { data: Attachment }).data)
      })
      upload.signal?.addEventListener('abort', () => {
        xhr.abort()
      })
      xhr.send(form)
    })
  }

  const sessions: Quire['sessions'] = {
    list: (opts) => list((query) => raw.GET('/v1/sessions', { params: { query } }), opts),
    revoke: (session) =>
      empty(() => raw.DELETE('/v1/sessions/{id}', { params: { path: { id: idOf(session) } } })),
    revokeOthers: () => empty(() => raw.DELETE('/v1/sessions/others')),
  }

  /** Reads the caller's profile through `send`, and keeps it in the store while the token is the same. */
  async function profile(send: () => Promise<FetchResult<{ data: User }>>): Promise<User> {
    const token = auth.token
    const user = await single(send)
    if (token !== undefined && token === auth.token) auth.save(token, user)
    return user
  }

  return {
    raw,
    auth,
    get token() {
      return auth.token
    },
    health: async () => (await call(() => raw.GET('/v1'))).data,
    register: (registration) => single(() => raw.POST('/v1/register', { body: registration })),
    async login(credentials) {
      const session = await single(() => raw.POST('/v1/sessions', { body: credentials }))
      auth.save(session.token)
      return session
    },
    async logout() {
      if (auth.token === undefined) return
      try {
        for await (const session of sessions.list({ limit: 100 })) {
          if (session.current) {
            await sessions.revoke(session)
            break
          }
        }
      } catch (error) {
        // An already-ended session is the goal reached; anything else is worth reporting.
        if (!(error instanceof QuireError && error.status === 401)) throw error
      } finally {
        auth.clear()
      }
    },
    sessions,
    subscribe: (topics, handlers, opts) =>
      subscribe(
        {
          baseUrl,
          fetch: fetchImpl,
          token: () => auth.token,
          unauthorized: (stale) => {
            refused(401, stale)
          },
        },
        topics,
        handlers,
        opts,
      ),
    me: {
      get: () => profile(() => raw.GET('/v1/me')),
      update: (changes, opts) =>
        profile(() => raw.PATCH('/v1/me', { body: changes, headers: ifMatchHeader(opts?.of ?? 'me', opts) })),
      changePassword: (currentPassword, newPassword) =>
        empty(() =>
          raw.PUT('/v1/me/password', {
            body: { current_password: currentPassword, new_password: newPassword },
          }),
        ),
      async delete(password) {
        await empty(() => raw.DELETE('/v1/me', { body: { password } }))
        auth.clear()
      },
      posts: (opts) => list((query) => raw.GET('/v1/me/posts', { params: { query } }), opts),
      changeEmail: (newEmail, password) =>
        empty(() => raw.PUT('/v1/me/email', { body: { new_email: newEmail, password } })),
      resendVerification: () => empty(() => raw.POST('/v1/me/email-verification')),
    },
    passwordResets: {
      request: (email) => empty(() => raw.POST('/v1/password-resets', { body: { email } })),
      confirm: (token, newPassword) =>
        empty(() => raw.POST('/v1/password-resets/confirm', { body: { token, new_password: newPassword } })),
    },
    emailVerifications: {
      confirm: (token) => empty(() => raw.POST('/v1/email-verifications', { body: { token } })),
    },
    emailChanges: {
      cancel: (token) => empty(() => raw.POST('/v1/email-changes/cancel', { body: { token } })),
    },
    totp: {
      start: (password) => single(() => raw.POST('/v1/me/totp', { body: { password } })),
      async confirm(code) {
        const { data } = await call(() => raw.POST('/v1/me/totp/confirm', { body: { code } }))
        return data.data.recovery_codes
      },
      disable: (password) => empty(() => raw.DELETE('/v1/me/totp', { body: { password } })),
    },
    posts: {
      list: (opts) =>
        list(
          (query) =>
            raw.GET('/v1/posts', {
              params: { query: opts?.user === undefined ? query : { ...query, user: opts.user } },
            }),
          opts,
        ),
      get: (id) => single(() => raw.GET('/v1/posts/{id}', { params: { path: { id } } })),
      create: (post) => single(() => raw.POST('/v1/posts', { body: post })),
      update: (post, changes, opts) =>
        single(() =>
          raw.PATCH('/v1/posts/{id}', {
            params: { path: { id: idOf(post) } },
            body: changes,
            headers: ifMatchHeader(post, opts),
          }),
        ),
      delete: (post, opts) =>
        empty(() =>
          raw.DELETE('/v1/posts/{id}', {
            params: { path: { id: idOf(post) } },
            headers: ifMatchHeader(post, opts),
          }),
        ),
    },
    attachments: {
      list: (post, opts) =>
        list(
          (query) => raw.GET('/v1/posts/{id}/attachments', { params: { path: { id: idOf(post) }, query } }),
          opts,
        ),
      get: (post, id) =>
        single(() =>
          raw.GET('/v1/posts/{id}/attachments/{aid}', { params: { path: { id: idOf(post), aid: id } } }),
        ),
      async upload(post, file, opts = {}) {
        const filename = opts.filename ?? (file instanceof File && file.name !== '' ? file.name : 'file')
        const form = new FormData()
        form.append('file', file, filename)
        const Xhr = xhrConstructor()
        if (opts.onProgress && Xhr) {
          const url = `${baseUrl}/v1/posts/${encodeURIComponent(idOf(post))}/attachments`
          return uploadWithProgress(Xhr, url, form, opts)
        }
        const attachment = await single(() =>
          raw.POST('/v1/posts/{id}/attachments', {
            params: { path: { id: idOf(post) } },
            // The generated body type is the JSON view of the schema; FormData is what goes on the wire.
            body: form as unknown as { file: string },
            ...(opts.signal ? { signal: opts.signal } : {}),
          }),
        )
        opts.onProgress?.(file.size, file.size)
        return attachment
      },
      async download(attachment) {
        const { data } = await call(() =>
          raw.GET('/v1/posts/{id}/attachments/{aid}/content', {
            params: { path: { id: attachment.post_id, aid: attachment.id } },
            parseAs: 'blob',
          }),
        )
        return data
      },
      contentUrl(attachment, opts) {
        const url = new URL(attachment.links.content, `${baseUrl}/`)
        const token = auth.token
        if (opts?.withToken === true && token !== undefined) url.searchParams.set('access_token', token)
        return url.href
      },
      rename: (attachment, filename, opts) =>
        single(() =>
          raw.PATCH('/v1/attachments/{id}', {
            params: { path: { id: idOf(attachment) } },
            body: { filename },
            headers: ifMatchHeader(attachment, opts),
          }),
        ),
      delete: (attachment, opts) =>
        empty(() =>
          raw.DELETE('/v1/attachments/{id}', {
            params: { path: { id: idOf(attachment) } },
            headers: ifMatchHeader(attachment, opts),
          }),
        ),
      selectAsCover: (attachment) =>
        single(() =>
          raw.POST('/v1/posts/{id}/attachments/{aid}/select', {
            params: { path: { id: attachment.post_id, aid: attachment.id } },
          }),
        ),
    },
    comments: {
      list(post, opts) {
        const attachment = opts?.attachment
        if (attachment === undefined) {
          return list(
            (query) => raw.GET('/v1/posts/{id}/comments', { params: { path: { id: idOf(post) }, query } }),
            opts,
          )
        }
        return list(
          (query) =>
            raw.GET('/v1/posts/{id}/attachments/{aid}/comments', {
              params: { path: { id: idOf(post), aid: idOf(attachment) }, query },
            }),
          opts,
        )
      },
      create(post, body, opts) {
        const attachment = opts?.attachment
        if (attachment === undefined) {
          return single(() =>
            raw.POST('/v1/posts/{id}/comments', { params: { path: { id: idOf(post) } }, body: { body } }),
          )
        }
        return single(() =>
          raw.POST('/v1/posts/{id}/attachments/{aid}/comments', {
            params: { path: { id: idOf(post), aid: idOf(attachment) } },
            body: { body },
          }),
        )
      },
      get: (id) => single(() => raw.GET('/v1/comments/{id}', { params: { path: { id } } })),
      update: (comment, changes, opts) =>
        single(() =>
          raw.PATCH('/v1/comments/{id}', {
            params: { path: { id: idOf(comment) } },
            body: changes,
            headers: ifMatchHeader(comment, opts),
          }),
        ),
      delete: (comment, opts) =>
        empty(() =>
          raw.DELETE('/v1/comments/{id}', {
            params: { path: { id: idOf(comment) } },
            headers: ifMatchHeader(comment, opts),
          }),
        ),
    },
  }
}
