import type { Page, Post } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { AttachmentImage } from '../attachments.js'
import { appPreferences, useApp } from '../context.js'
import { Pager } from '../pager.js'
import { Link } from '../router.js'
import { Byline, Empty, ErrorNotice, Loading, PageTitle, useAsync } from '../ui.js'

/** One post in a list: cover, title, author, visibility, time and the start of the body. */
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
  const [page, reload] = useAsync<Page<Post>>(
    () =>
      (props.mine ? quire.me.posts({ limit: pageSize }) : quire.posts.list({ limit: pageSize })).page(
        pageToken,
      ),
    [quire, props.mine, pageSize, pageToken, user?.id],
  )
  const title = props.mine ? 'My posts' : 'Posts'
  const pageNumber = tokens.length

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
        <ul class="post-list" aria-label={`${title}, page ${pageNumber}`}>
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
