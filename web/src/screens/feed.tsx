import type { Page, Post } from '@quire/client'
import type { JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { AttachmentImage } from '../attachments.js'
import { appPreferences, useApp } from '../context.js'
import { useLiveEvents } from '../live.js'
import { Pager } from '../pager.js'
import { Link } from '../router.js'
import { Byline, Empty, ErrorNotice, Loading, PageTitle, useAsync } from '../ui.js'

/** One post in a list: cover, title, author, visibility, hiding, time and the start of the body. */
function PostCard(props: { post: Post; userId: string | undefined }): JSX.Element {
  const { post } = props
  const excerpt = post.body.length > 240 ? `${post.body.slice(0, 240)}…` : post.body
  return (
    <li class="card post-card">
      {post.cover_attachment_id !== null && (
        <AttachmentImage
          attachment={{ id: post.cover_attachment_id, post_id: post.id }}
          alt=""
          class="cover-thumb"
        />
      )}
      <div class="card-body">
        <h2>
          <Link href={`/posts/${post.id}`}>{post.title}</Link>
        </h2>
        <p class="meta">
          <Byline item={post} userId={props.userId} />
          {post.visibility === 'private' && <span class="badge">Private</span>}
          {post.moderation?.hidden === true && <span class="badge">Hidden by a moderator</span>}
        </p>
        {excerpt !== '' && <p class="excerpt">{excerpt}</p>}
      </div>
    </li>
  )
}

/** Posts, a page at a time: everyone's public ones (`/`) or the user's own (`/mine`). */
export function FeedScreen(props: { mine: boolean }): JSX.Element {
  const { quire, user } = useApp()
  const { pageSize } = appPreferences(user)
  // The tokens of the pages visited so far: going back re-reads the page from its token.
  const [tokens, setTokens] = useState<Array<string | undefined>>([undefined])
  const pageToken = tokens.at(-1)
  const live = useLiveEvents(['posts'], {
    'post.created': (post) => {
      if (pageNumber > 1 || (props.mine && post.user_id !== user?.id)) return
      setIncoming((held) => [post, ...held.filter((item) => item.id !== post.id)])
    },
    'post.updated': (post) => {
      inPage((items) => items.map((item) => (item.id === post.id ? post : item)))
    },
    'post.deleted': ({ id }) => {
      inPage((items) => items.filter((item) => item.id !== id))
    },
    reset: () => {
      reload()
    },
  })
  const [page, reload, updatePage] = useAsync<Page<Post>>(
    () =>
      (props.mine ? quire.me.posts({ limit: pageSize }) : quire.posts.list({ limit: pageSize })).page(
        pageToken,
      ),
    [quire, props.mine, pageSize, pageToken, user?.id],
    live,
  )
  const title = props.mine ? 'My posts' : 'Posts'
  const pageNumber = tokens.length

  // New posts wait behind a "show" button rather than pushing down what the reader is looking at; edits
  // and deletions apply in place.
  const [incoming, setIncoming] = useState<Post[]>([])
  const [focusId, setFocusId] = useState<string>()
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    setIncoming([])
  }, [props.mine, pageToken, user?.id])
  const inPage = (change: (items: Post[]) => Post[]): void => {
    updatePage((value) => ({ ...value, items: change(value.items) }))
    setIncoming(change)
  }
  const showIncoming = (): void => {
    const shown = incoming
    updatePage((value) => ({
      ...value,
      items: [...shown, ...value.items.filter((item) => !shown.some((post) => post.id === item.id))],
    }))
    setIncoming([])
    // The button goes away: focus moves to the newest post, where the reader's attention goes.
    setFocusId(shown[0]?.id)
  }
  useEffect(() => {
    if (focusId === undefined) return
    list.current?.querySelector<HTMLAnchorElement>(`a[href="/posts/${focusId}"]`)?.focus()
    setFocusId(undefined)
  }, [focusId, page])
  const waiting = page.status === 'ready' ? incoming.length : 0

  return (
    <section>
      <div class="title-row">
        <PageTitle title={title}>{title}</PageTitle>
        {user && (
          <Link class="button" href="/posts/new">
            New post
          </Link>
        )}
      </div>
      <div class="live-notice" aria-live="polite">
        {waiting > 0 && (
          <button type="button" class="secondary new-posts" onClick={showIncoming}>
            {waiting === 1 ? '1 new post' : `${String(waiting)} new posts`} · show
          </button>
        )}
      </div>
      {page.status === 'loading' && <Loading label="Loading posts…" />}
      {page.status === 'error' && <ErrorNotice error={page.error} onRetry={reload} />}
      {page.status === 'ready' && page.value.items.length === 0 && (
        <Empty>
          <p>{pageNumber > 1 ? 'No more posts.' : 'No posts yet.'}</p>
          {user ? (
            <Link href="/posts/new">Write the first one</Link>
          ) : (
            <p>
              <Link href="/login">Log in</Link> to write one.
            </p>
          )}
        </Empty>
      )}
      {page.status === 'ready' && page.value.items.length > 0 && (
        <ul class="post-list" ref={list} aria-label={`${title}, page ${pageNumber}`}>
          {page.value.items.map((post) => (
            <PostCard key={post.id} post={post} userId={user?.id} />
          ))}
        </ul>
      )}
      {/* Only where there is another page to go to: never under an empty list or one still loading. */}
      {page.status === 'ready' && (
        <Pager
          tokens={tokens}
          nextPageToken={page.value.nextPageToken}
          previousLabel="← Newer"
          nextLabel="Older →"
          onPage={setTokens}
        />
      )}
    </section>
  )
}
