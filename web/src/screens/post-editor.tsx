import type { Post } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, FormError, useSubmit } from '../forms.js'
import { Link, navigate } from '../router.js'
import { ErrorNotice, Loading, PageTitle, useAsync } from '../ui.js'

type Visibility = Post['visibility']

/** The form shared by "new post" and "edit post". */
function PostForm(props: {
  initial?: Post
  submitLabel: string
  onSave: (fields: { title: string; body: string; visibility: Visibility }) => Promise<Post>
}): JSX.Element {
  const [title, setTitle] = useState(props.initial?.title ?? '')
  const [body, setBody] = useState(props.initial?.body ?? '')
  const [visibility, setVisibility] = useState<Visibility>(props.initial?.visibility ?? 'public')
  const form = useSubmit()

  const save = async (): Promise<void> => {
    const saved = await props.onSave({ title, body, visibility })
    navigate(`/posts/${saved.id}`, { replace: true })
  }

  const { fields } = form
  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <FormError error={form.error} />
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
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : props.submitLabel}
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
