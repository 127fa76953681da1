import type { Post } from '@quire/client'
import type { JSX } from 'preact'
import { useRef, useState } from 'preact/hooks'
import { FileTile, isImage, LocalImage, UploadProgress } from '../attachments.js'
import { useApp } from '../context.js'
import { Field, FormError, useSubmit } from '../forms.js'
import { Link, navigate } from '../router.js'
import { describeError, ErrorNotice, Loading, PageTitle, useAsync } from '../ui.js'

type Visibility = Post['visibility']

/** A file chosen in the editor, uploaded once the post is saved (the API attaches files to a saved post). */
interface StagedFile {
  key: number
  file: File
  /** Bytes sent so far, while it uploads; `done` once it is attached. */
  sent?: number
  done?: boolean
}

let stagedCounter = 0

/** The files the editor will attach: chosen here, previewed, removable until the post is saved. */
function StagedFiles(props: {
  files: StagedFile[]
  busy: boolean
  onAdd: (files: File[]) => void
  onRemove: (key: number) => void
}): JSX.Element {
  const input = useRef<HTMLInputElement>(null)
  return (
    <fieldset class="staged">
      <legend>Files</legend>
      <p class="hint" id="attach-hint">
        Images show as thumbnails; anything else as a file to download.
      </p>
      <label class="button secondary file-picker" for="attach-files">
        Attach files
      </label>
      <input
        id="attach-files"
        class="visually-hidden"
        ref={input}
        type="file"
        multiple
        aria-describedby="attach-hint"
        disabled={props.busy}
        onChange={() => {
          const chosen = Array.from(input.current?.files ?? [])
          if (chosen.length > 0) props.onAdd(chosen)
          if (input.current) input.current.value = ''
        }}
      />
      {props.files.length > 0 && (
        <ul class="file-list">
          {props.files.map((staged) => (
            <FileTile
              key={staged.key}
              filename={staged.file.name}
              contentType={staged.file.type}
              size={staged.file.size}
              thumbnail={
                isImage({ content_type: staged.file.type }) ? (
                  <LocalImage file={staged.file} alt={staged.file.name} />
                ) : undefined
              }
              badge={staged.done === true && <span class="badge">Attached</span>}
              below={
                staged.sent !== undefined &&
                staged.done !== true && (
                  <UploadProgress
                    id={`staged-progress-${staged.key}`}
                    name={staged.file.name}
                    sent={staged.sent}
                    total={staged.file.size}
                  />
                )
              }
            >
              {!props.busy && staged.done !== true && (
                <button
                  type="button"
                  class="secondary danger small"
                  onClick={() => {
                    props.onRemove(staged.key)
                  }}
                >
                  Remove <span class="visually-hidden">{staged.file.name}</span>
                </button>
              )}
            </FileTile>
          ))}
        </ul>
      )}
    </fieldset>
  )
}

/** An upload that failed after its post was saved: which file, and why. */
class UploadFailure extends Error {
  constructor(
    readonly filename: string,
    override readonly cause: unknown,
  ) {
    super(`${filename} could not be uploaded`)
  }
}

/** The form shared by "new post" and "edit post". */
function PostForm(props: {
  initial?: Post
  submitLabel: string
  onSave: (fields: { title: string; body: string; visibility: Visibility }) => Promise<Post>
}): JSX.Element {
  const [title, setTitle] = useState(props.initial?.title ?? '')
  const [body, setBody] = useState(props.initial?.body ?? '')
  const [visibility, setVisibility] = useState<Visibility>(props.initial?.visibility ?? 'public')
  const [staged, setStaged] = useState<StagedFile[]>([])
  // Set once the post is saved, so a failed upload's retry does not save (or create) it again.
  const [savedPost, setSavedPost] = useState<Post>()
  const form = useSubmit()
  const { quire } = useApp()

  const markStaged = (key: number, change: Partial<StagedFile>): void => {
    setStaged((files) => files.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }

  const save = async (): Promise<void> => {
    const post = savedPost ?? (await props.onSave({ title, body, visibility }))
    setSavedPost(post)
    for (const item of staged) {
      if (item.done === true) continue
      markStaged(item.key, { sent: 0 })
      try {
        await quire.attachments.upload(post, item.file, {
          onProgress: (sent) => {
            markStaged(item.key, { sent })
          },
        })
      } catch (failure) {
        markStaged(item.key, { sent: undefined })
        throw new UploadFailure(item.file.name, failure)
      }
      markStaged(item.key, { done: true })
    }
    navigate(`/posts/${post.id}`, { replace: true })
  }

  const { fields } = form
  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      {!(form.error instanceof UploadFailure) && <FormError error={form.error} />}
      <Field
        label="Title"
        name="title"
        value={title}
        onInput={setTitle}
        error={fields['title']}
        maxLength={200}
        required
      />
      <Field label="Text" name="body" multiline value={body} onInput={setBody} error={fields['body']} />
      <fieldset class="choices">
        <legend>Who can read it</legend>
        {(
          [
            ['public', 'Everyone'],
            ['private', 'Only me'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              onChange={() => {
                setVisibility(value)
              }}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <StagedFiles
        files={staged}
        busy={form.busy}
        onAdd={(files) => {
          setStaged((shown) => [...shown, ...files.map((file) => ({ key: ++stagedCounter, file }))])
        }}
        onRemove={(key) => {
          setStaged((shown) => shown.filter((item) => item.key !== key))
        }}
      />
      {savedPost !== undefined && form.error instanceof UploadFailure && (
        <div class="state error" role="alert">
          <p>
            Your post is saved, but {form.error.filename} could not be attached:{' '}
            {describeError(form.error.cause)}
          </p>
          <p class="actions">
            <button type="submit" class="secondary">
              Try the upload again
            </button>
            <Link href={`/posts/${savedPost.id}`}>Open the post without it</Link>
          </p>
        </div>
      )}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? (savedPost ? 'Attaching files…' : 'Saving…') : props.submitLabel}
        </button>
        <Link class="button secondary" href={props.initial ? `/posts/${props.initial.id}` : '/'}>
          Cancel
        </Link>
      </div>
    </form>
  )
}

/** Write a new post. */
export function NewPostScreen(): JSX.Element {
  const { quire } = useApp()
  return (
    <section class="narrow">
      <PageTitle title="New post">New post</PageTitle>
      <PostForm submitLabel="Publish" onSave={(fields) => quire.posts.create(fields)} />
    </section>
  )
}

/** Edit a post; the save carries the ETag of the read, so a concurrent change is not overwritten. */
export function EditPostScreen(props: { id: string }): JSX.Element {
  const { quire } = useApp()
  const [post, reload] = useAsync(() => quire.posts.get(props.id), [quire, props.id])
  return (
    <section class="narrow">
      <PageTitle title="Edit post">Edit post</PageTitle>
      {post.status === 'loading' && <Loading />}
      {post.status === 'error' && <ErrorNotice error={post.error} onRetry={reload} />}
      {post.status === 'ready' && (
        <PostForm
          initial={post.value}
          submitLabel="Save changes"
          onSave={(fields) => quire.posts.update(post.value, fields)}
        />
      )}
    </section>
  )
}
