import type { Attachment, Post } from '@quire/client'
import type { JSX } from 'preact'
import { useMemo, useRef, useState } from 'preact/hooks'
import { AttachmentImage, downloadAttachment, FileTile, isImage, UploadProgress } from '../attachments.js'
import { useApp } from '../context.js'
import { useSubmit } from '../forms.js'
import { useLiveEvents } from '../live.js'
import { HiddenBanner, HideButton, ReportButton } from '../moderation.js'
import { can } from '../moderation-api.js'
import { Link, navigate } from '../router.js'
import {
  Byline,
  describeError,
  Empty,
  ErrorNotice,
  isNotFound,
  Loading,
  PageTitle,
  TimeAgo,
  useAsync,
} from '../ui.js'
import { Comments, type CommentChange, type CommentChanges } from './comments.js'

/** Choose (or drop) files and they upload one by one, each with a progress bar. */
function Uploader(props: { post: Post; onUploaded: (attachment: Attachment) => void }): JSX.Element {
  const { quire } = useApp()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<{ name: string; sent: number; total: number }>()
  const [dragging, setDragging] = useState(false)
  const form = useSubmit()

  const upload = async (files: File[]): Promise<void> => {
    try {
      for (const file of files) {
        setProgress({ name: file.name, sent: 0, total: file.size })
        const attachment = await quire.attachments.upload(props.post, file, {
          onProgress: (sent, total) => {
            setProgress({ name: file.name, sent, total })
          },
        })
        props.onUploaded(attachment)
      }
    } finally {
      setProgress(undefined)
    }
  }
  const start = (files: File[]): void => {
    // Nothing chosen: nothing to do, and a failure shown from before stays.
    if (files.length > 0 && !form.busy) void form.run(() => upload(files))
  }

  return (
    <div
      class={dragging ? 'uploader dragging' : 'uploader'}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => {
        setDragging(false)
      }}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        start(Array.from(event.dataTransfer?.files ?? []))
      }}
    >
      <p class="uploader-prompt">
        <label class="button secondary file-picker" for="upload-files">
          Add files
        </label>
        <input
          id="upload-files"
          class="visually-hidden"
          ref={input}
          type="file"
          name="file"
          multiple
          disabled={form.busy}
          onChange={() => {
            start(Array.from(input.current?.files ?? []))
            if (input.current) input.current.value = ''
          }}
        />
        <span class="hint">or drop them here. Images show as thumbnails.</span>
      </p>
      {progress && <UploadProgress id="upload-progress" {...progress} />}
      {form.error !== undefined && (
        <p class="form-error" role="alert">
          {describeError(form.error)}
        </p>
      )}
    </div>
  )
}

/** One attachment: a thumbnail or icon with name and size, its actions, and its own comments. */
function AttachmentItem(props: {
  post: Post
  attachment: Attachment
  isAuthor: boolean
  /** Moderators delete anyone's files. */
  mayDelete: boolean
  /** Signed in and not the post's author: may report the file. */
  mayReport: boolean
  onCover: (post: Post) => void
  onDeleted: (attachment: Attachment) => void
  live: CommentChanges
}): JSX.Element {
  const { quire } = useApp()
  const { post, attachment } = props
  const [showComments, setShowComments] = useState(false)
  const action = useSubmit()
  const isCover = post.cover_attachment_id === attachment.id

  return (
    <FileTile
      filename={attachment.filename}
      contentType={attachment.content_type}
      size={attachment.size}
      thumbnail={
        isImage(attachment) ? (
          <AttachmentImage attachment={attachment} alt={attachment.filename} />
        ) : undefined
      }
      badge={isCover && <span class="badge">Cover</span>}
      below={
        <>
          {action.error !== undefined && (
            <p class="form-error" role="alert">
              {describeError(action.error)}
            </p>
          )}
          {showComments && (
            <Comments
              post={post}
              attachment={attachment}
              label={`Comments on ${attachment.filename}`}
              live={props.live}
            />
          )}
        </>
      }
    >
      <button
        type="button"
        class="secondary small"
        onClick={() => void action.run(() => downloadAttachment(quire, attachment))}
      >
        Download <span class="visually-hidden">{attachment.filename}</span>
      </button>
      {props.isAuthor && isImage(attachment) && !isCover && (
        <button
          type="button"
          class="secondary small"
          onClick={() =>
            void action.run(async () => {
              props.onCover(await quire.attachments.selectAsCover(attachment))
            })
          }
        >
          Make cover <span class="visually-hidden">{attachment.filename}</span>
        </button>
      )}
      {props.mayDelete && (
        <button
          type="button"
          class="secondary danger small"
          onClick={() =>
            void action.run(async () => {
              if (!confirm(`Delete ${attachment.filename}?`)) return
              await quire.attachments.delete(attachment.id)
              props.onDeleted(attachment)
            })
          }
        >
          Delete <span class="visually-hidden">{attachment.filename}</span>
        </button>
      )}
      <button
        type="button"
        class="link"
        aria-expanded={showComments}
        onClick={() => {
          setShowComments(!showComments)
        }}
      >
        {showComments ? 'Hide comments' : 'Comments'}
        <span class="visually-hidden"> on {attachment.filename}</span>
      </button>
      {props.mayReport && (
        <ReportButton target={{ type: 'attachment', id: attachment.id, label: attachment.filename }} />
      )}
    </FileTile>
  )
}

/** A post with its attachments and comments; its author can edit, delete, upload and pick the cover. */
export function PostScreen(props: { id: string }): JSX.Element {
  const { quire, user } = useApp()
  const deletion = useSubmit()

  // The post, its files and its comments follow its live events (one stream for the whole screen),
  // and are read once it is open; a post deleted, or made private by its author, ends them.
  const [gone, setGone] = useState(false)
  const commentChanges = useMemo<CommentChanges>(() => new Set(), [props.id])
  const toComments = (change: CommentChange): void => {
    for (const apply of commentChanges) apply(change)
  }
  const withoutAttachment = (id: string): void => {
    updateAttachments((shown) => shown.filter((item) => item.id !== id))
  }
  const live = useLiveEvents(gone ? [] : [`posts/${props.id}`], {
    'post.updated': (fresh) => {
      updatePost(() => fresh)
    },
    'post.deleted': () => {
      setGone(true)
    },
    'attachment.created': (added) => {
      updateAttachments((shown) => (shown.some((item) => item.id === added.id) ? shown : [added, ...shown]))
    },
    'attachment.updated': (fresh) => {
      updateAttachments((shown) => shown.map((item) => (item.id === fresh.id ? fresh : item)))
    },
    'attachment.deleted': ({ id }) => {
      withoutAttachment(id)
    },
    'comment.created': (comment) => {
      toComments({ type: 'created', comment })
    },
    'comment.updated': (comment) => {
      toComments({ type: 'updated', comment })
    },
    'comment.deleted': ({ id }) => {
      toComments({ type: 'deleted', id })
    },
    reset: () => {
      reloadPost()
      reloadAttachments()
      toComments({ type: 'reset' })
    },
  })
  const [post, reloadPost, updatePost] = useAsync(
    () => quire.posts.get(props.id),
    [quire, props.id, user?.id],
    live,
  )
  const [attachments, reloadAttachments, updateAttachments] = useAsync(
    async () => {
      const all: Attachment[] = []
      for await (const attachment of quire.attachments.list(props.id, { limit: 100 })) all.push(attachment)
      return all
    },
    [quire, props.id, user?.id],
    live,
  )

  if (gone) {
    return (
      <section>
        <PageTitle title="Post removed">Post removed</PageTitle>
        <Empty>
          <p>This post was deleted, or it is no longer shared with you.</p>
          <p>
            <Link href="/">Back to posts</Link>
          </p>
        </Empty>
      </section>
    )
  }
  if (post.status === 'loading') return <Loading label="Loading the post…" />
  if (post.status === 'error') {
    return (
      <section>
        <PageTitle title="Post not available">Post not available</PageTitle>
        {isNotFound(post.error) ? (
          <Empty>
            <p>This post does not exist, or its author keeps it private.</p>
            <p>
              <Link href="/">Back to posts</Link>
            </p>
          </Empty>
        ) : (
          <>
            <ErrorNotice error={post.error} onRetry={reloadPost} />
            <Link href="/">Back to posts</Link>
          </>
        )}
      </section>
    )
  }
  const current = post.value
  const isAuthor = user?.id === current.user_id
  const moderates = can(user, 'posts:moderate')

  const removePost = (): void => {
    if (!confirm(`Delete “${current.title}” with its files and comments?`)) return
    void deletion.run(async () => {
      await quire.posts.delete(current)
      navigate('/', { replace: true })
    })
  }

  return (
    <article class="post">
      {current.cover_attachment_id !== null && (
        <AttachmentImage
          attachment={{ id: current.cover_attachment_id, post_id: current.id }}
          alt=""
          class="cover"
        />
      )}
      <PageTitle title={current.title}>{current.title}</PageTitle>
      <p class="meta post-meta">
        <Byline item={current} userId={user?.id} />
        {current.visibility === 'private' && <span class="badge">Private</span>}
        {current.updated_at !== current.created_at && (
          <span>
            · <TimeAgo iso={current.updated_at} prefix="edited " />
          </span>
        )}
      </p>
      <HiddenBanner moderation={current.moderation} />
      {(isAuthor || moderates || user !== undefined) && (
        <div class="actions">
          {isAuthor && (
            <Link class="button secondary" href={`/posts/${current.id}/edit`}>
              Edit
            </Link>
          )}
          {moderates && (
            <HideButton
              target={{ type: 'post', id: current.id, label: `post ${current.title}` }}
              moderation={current.moderation}
              onChanged={reloadPost}
            />
          )}
          {(isAuthor || moderates) && (
            <button type="button" class="secondary danger" onClick={removePost}>
              Delete post
            </button>
          )}
          {user !== undefined && !isAuthor && (
            <ReportButton target={{ type: 'post', id: current.id, label: `post ${current.title}` }} />
          )}
        </div>
      )}
      {deletion.error !== undefined && <ErrorNotice error={deletion.error} />}
      {current.body !== '' && <div class="post-body">{current.body}</div>}

      <h2>Files</h2>
      {isAuthor && (
        <Uploader
          post={current}
          onUploaded={(attachment) => {
            updateAttachments((shown) => [attachment, ...shown.filter((item) => item.id !== attachment.id)])
          }}
        />
      )}
      {attachments.status === 'loading' && <Loading label="Loading files…" />}
      {attachments.status === 'error' && (
        <ErrorNotice error={attachments.error} onRetry={reloadAttachments} />
      )}
      {attachments.status === 'ready' && attachments.value.length === 0 && (
        <Empty>
          <p>No files attached.</p>
        </Empty>
      )}
      {attachments.status === 'ready' && attachments.value.length > 0 && (
        <ul class="file-list">
          {attachments.value.map((attachment) => (
            <AttachmentItem
              key={attachment.id}
              post={current}
              attachment={attachment}
              isAuthor={isAuthor}
              mayDelete={isAuthor || moderates}
              mayReport={user !== undefined && !isAuthor}
              onCover={(covered) => {
                updatePost(() => covered)
              }}
              onDeleted={(deleted) => {
                withoutAttachment(deleted.id)
                if (current.cover_attachment_id === deleted.id) reloadPost()
              }}
              live={commentChanges}
            />
          ))}
        </ul>
      )}

      <h2>Comments</h2>
      <Comments post={current} label="Comments on the post" live={commentChanges} />
    </article>
  )
}
