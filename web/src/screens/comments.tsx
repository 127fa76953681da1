// The comments section of the post screen: under the post, and under each of its files when opened.

import type { Attachment, Comment, Post } from '@quire/client'
import type { JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, useSubmit } from '../forms.js'
import { HiddenBanner, HideButton, ReportButton } from '../moderation.js'
import { can } from '../moderation-api.js'
import { Link } from '../router.js'
import { authorName, Byline, describeError, Empty, ErrorNotice, formatTime, Loading } from '../ui.js'

const COMMENTS_PER_PAGE = 10

/** A change to the comments of a post, from its live events (or `reset`: reload them). */
export type CommentChange =
  { type: 'created' | 'updated'; comment: Comment } | { type: 'deleted'; id: string } | { type: 'reset' }

/** Where the post screen's one stream hands comment changes to each comments section shown. */
export type CommentChanges = Set<(change: CommentChange) => void>

/** How many comments there are, as far as the loaded pages tell ("10+" while older ones are not loaded). */
function countOf(shown: number, more: boolean): string {
  const figure = `${String(shown)}${more ? '+' : ''}`
  return shown === 1 && !more ? '1 comment' : `${figure} comments`
}

/** The comments on a post, or on one of its attachments: newest first, older ones on demand, and a form. */
export function Comments(props: {
  post: Post
  attachment?: Attachment
  label: string
  live?: CommentChanges
}): JSX.Element {
  const { quire, user } = useApp()
  const { post, attachment } = props
  const [comments, setComments] = useState<Comment[]>([])
  const [nextToken, setNextToken] = useState<string>()
  const [status, setStatus] = useState<'loading' | 'ready' | 'more'>('loading')
  const [loadError, setLoadError] = useState<unknown>()
  const [draft, setDraft] = useState('')
  const form = useSubmit()
  const [generation, setGeneration] = useState(0)

  const list = () =>
    quire.comments.list(post, {
      limit: COMMENTS_PER_PAGE,
      ...(attachment ? { attachment } : {}),
    })

  // The list shown is of this post or file: a reload of it (a live `reset`) refreshes it in place.
  const shownList = `${post.id}/${attachment?.id ?? ''}`
  const loadedList = useRef<string | undefined>(undefined)
  useEffect(() => {
    let current = true
    const reloading = loadedList.current === shownList
    loadedList.current = shownList
    setStatus((latest) => (reloading && latest === 'ready' ? latest : 'loading'))
    setLoadError(undefined)
    list()
      .page()
      .then(
        (page) => {
          if (!current) return
          setComments(page.items)
          setNextToken(page.nextPageToken)
          setStatus('ready')
        },
        (error: unknown) => {
          if (current) setLoadError(error)
        },
      )
    return () => {
      current = false
    }
    // list() depends only on these.
  }, [quire, post.id, attachment?.id, generation])

  // Live changes, by id: a comment this reader just wrote arrives both as the answer and as its event.
  const { live } = props
  const attachmentId = attachment?.id ?? null
  useEffect(() => {
    if (live === undefined) return undefined
    const apply = (change: CommentChange): void => {
      if (change.type === 'reset') setGeneration((value) => value + 1)
      else if (change.type === 'deleted')
        setComments((shown) => shown.filter((item) => item.id !== change.id))
      else if (change.type === 'updated')
        setComments((shown) => shown.map((item) => (item.id === change.comment.id ? change.comment : item)))
      else if (change.comment.attachment_id === attachmentId) {
        const added = change.comment
        setComments((shown) => (shown.some((item) => item.id === added.id) ? shown : [added, ...shown]))
      }
    }
    live.add(apply)
    return () => {
      live.delete(apply)
    }
  }, [live, attachmentId])

  const loadOlder = async (): Promise<void> => {
    setStatus('more')
    try {
      const page = await list().page(nextToken)
      setComments((shown) => [...shown, ...page.items])
      setNextToken(page.nextPageToken)
    } catch (error) {
      setLoadError(error)
    } finally {
      setStatus('ready')
    }
  }

  const addComment = async (): Promise<void> => {
    const comment = await quire.comments.create(post, draft, attachment ? { attachment } : {})
    setComments((shown) => [comment, ...shown.filter((item) => item.id !== comment.id)])
    setDraft('')
  }

  const moderates = can(user, 'comments:moderate')

  // After a moderator hides or unhides a comment, show it as the server now has it.
  const refresh = async (comment: Comment): Promise<void> => {
    try {
      const fresh = await quire.comments.get(comment.id)
      setComments((shown) => shown.map((item) => (item.id === fresh.id ? fresh : item)))
    } catch (error) {
      setLoadError(error)
    }
  }

  const remove = async (comment: Comment): Promise<void> => {
    try {
      await quire.comments.delete(comment.id)
      setComments((shown) => shown.filter((item) => item.id !== comment.id))
    } catch (error) {
      setLoadError(error)
    }
  }

  return (
    <section class="comments" aria-label={props.label}>
      {loadError !== undefined && (
        <ErrorNotice
          error={loadError}
          onRetry={() => {
            setGeneration((value) => value + 1)
          }}
        />
      )}
      <p class="meta comment-count" aria-live="polite">
        {status !== 'loading' && comments.length > 0 && countOf(comments.length, nextToken !== undefined)}
      </p>
      {status === 'loading' && loadError === undefined && <Loading label="Loading comments…" />}
      {status !== 'loading' && comments.length === 0 && (
        <Empty>
          <p>No comments yet.</p>
        </Empty>
      )}
      {comments.length > 0 && (
        <ul class="comment-list">
          {comments.map((comment) => {
            const label = `comment by ${authorName(comment)} from ${formatTime(comment.created_at)}`
            return (
              <li key={comment.id} class="comment">
                <p class="meta">
                  <Byline item={comment} userId={user?.id} />
                  {user !== undefined && comment.user_id !== user.id && (
                    <ReportButton target={{ type: 'comment', id: comment.id, label }} />
                  )}
                  {moderates && (
                    <HideButton
                      class="link"
                      target={{ type: 'comment', id: comment.id, label }}
                      moderation={comment.moderation}
                      onChanged={() => void refresh(comment)}
                    />
                  )}
                  {(comment.user_id === user?.id || post.user_id === user?.id || moderates) && (
                    <button
                      type="button"
                      class="link danger"
                      onClick={() => void remove(comment)}
                      aria-label={`Delete ${label}`}
                    >
                      Delete
                    </button>
                  )}
                </p>
                <HiddenBanner moderation={comment.moderation} />
                <p class="comment-body">{comment.body}</p>
              </li>
            )
          })}
        </ul>
      )}
      {nextToken !== undefined && (
        <button type="button" class="secondary" disabled={status === 'more'} onClick={() => void loadOlder()}>
          {status === 'more' ? 'Loading…' : 'Show older comments'}
        </button>
      )}
      {user ? (
        <form class="comment-form" onSubmit={form.onSubmit(addComment)} noValidate>
          <Field
            label={attachment ? `Comment on ${attachment.filename}` : 'Add a comment'}
            name="comment"
            multiline
            rows={3}
            value={draft}
            onInput={setDraft}
            // The form is one field, so any failure shows beside it.
            error={form.fields['body'] ?? (form.error === undefined ? undefined : describeError(form.error))}
            maxLength={10000}
          />
          <button type="submit" disabled={form.busy || draft.trim() === ''}>
            {form.busy ? 'Posting…' : 'Post comment'}
          </button>
        </form>
      ) : (
        <p>
          <Link href="/login">Log in</Link> to comment.
        </p>
      )}
    </section>
  )
}
