// An attachment's bytes in the page, always fetched with the session token: the image shown inline (the
// feed's covers, the post screen's files) and the file handed to the browser as a download.

import type { Attachment, AttachmentRef } from '@quire/client'
import type { JSX } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useApp } from './context.js'
import { describeError } from './ui.js'

/** True for the types a browser shows inline in an <img>. */
export function isImage(attachment: Pick<Attachment, 'content_type'>): boolean {
  return /^image\/(png|jpeg|gif|webp|avif)$/.test(attachment.content_type)
}

/**
 * An attachment's image. The bytes are fetched with the session token (an <img src> could not send
 * it, and a token in the URL would leak into history), then shown from an object URL.
 */
export function AttachmentImage(props: {
  attachment: AttachmentRef
  alt: string
  class?: string
}): JSX.Element {
  const { quire } = useApp()
  const [url, setUrl] = useState<string>()
  const [error, setError] = useState<unknown>()
  const { id, post_id } = props.attachment
  useEffect(() => {
    let objectUrl: string | undefined
    let current = true
    setUrl(undefined)
    setError(undefined)
    quire.attachments.download({ id, post_id }).then(
      (blob) => {
        if (!current) return
        objectUrl = URL.createObjectURL(blob)
        setUrl(objectUrl)
      },
      (failure: unknown) => {
        if (current) setError(failure)
      },
    )
    return () => {
      current = false
      if (objectUrl !== undefined) URL.revokeObjectURL(objectUrl)
    }
  }, [quire, id, post_id])
  const className = `image ${props.class ?? ''}`
  if (error !== undefined) {
    return (
      <div class={`${className} image-failed`} role="img" aria-label={`${props.alt} (not loaded)`}>
        {describeError(error)}
      </div>
    )
  }
  if (url === undefined)
    return <div class={`${className} image-loading`} role="img" aria-label={`${props.alt} (loading)`} />
  return <img class={className} src={url} alt={props.alt} />
}

/** Fetches an attachment with the session token and hands it to the browser as a download. */
export async function downloadAttachment(
  quire: ReturnType<typeof useApp>['quire'],
  attachment: Attachment,
): Promise<void> {
  const blob = await quire.attachments.download(attachment)
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = attachment.filename
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the URL; give it a moment before releasing the bytes.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 10_000)
}
