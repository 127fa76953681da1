// An attachment's bytes in the page, always fetched with the session token: the image shown inline (the
// feed's covers, the post screen's files) and the file handed to the browser as a download.

import type { Attachment, AttachmentRef } from '@quire/client'
import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useApp } from './context.js'
import { describeError, formatSize } from './ui.js'

/** True for the types a browser shows inline in an <img>. */
export function isImage(attachment: Pick<Attachment, 'content_type'>): boolean {
  return /^image\/(png|jpeg|gif|webp|avif)$/.test(attachment.content_type)
}

/** The kind of file a type and name suggest, for its icon's colour and label. */
function fileKind(contentType: string, filename: string): { label: string; kind: string } {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toUpperCase()
  if (contentType.startsWith('image/')) return { label: extension ?? 'IMG', kind: 'image' }
  if (contentType === 'application/pdf') return { label: 'PDF', kind: 'pdf' }
  if (/zip|tar|gzip|compressed|7z|rar/.test(contentType))
    return { label: extension ?? 'ZIP', kind: 'archive' }
  if (contentType.startsWith('audio/') || contentType.startsWith('video/'))
    return { label: extension ?? 'MEDIA', kind: 'media' }
  if (contentType.startsWith('text/') || /json|xml|csv|yaml/.test(contentType))
    return { label: extension ?? 'TXT', kind: 'text' }
  return { label: extension ?? 'FILE', kind: 'other' }
}

/** The file's kind in words ("PNG image", "PDF document", "TXT file"). */
function describeKind(contentType: string, filename: string): string {
  const { label, kind } = fileKind(contentType, filename)
  if (kind === 'image') return `${label} image`
  if (kind === 'pdf') return 'PDF document'
  return `${label} file`
}

/** A small document icon with the file's extension on it. */
function FileIcon(props: { contentType: string; filename: string }): JSX.Element {
  const { label, kind } = fileKind(props.contentType, props.filename)
  return (
    <span class={`file-icon kind-${kind}`} aria-hidden="true">
      <span>{label.slice(0, 4)}</span>
    </span>
  )
}

/**
 * One file as a compact tile sized to it: a thumbnail (images) or an icon, the name, its size and type,
 * and whatever actions the caller adds; `below` spans the tile's width (comments, progress).
 */
export function FileTile(props: {
  filename: string
  contentType: string
  size: number
  thumbnail?: JSX.Element | undefined
  badge?: ComponentChildren
  children?: ComponentChildren
  below?: ComponentChildren
}): JSX.Element {
  return (
    <li class="file-tile">
      <div class="file-tile-row">
        <div class="file-thumb">
          {props.thumbnail ?? <FileIcon contentType={props.contentType} filename={props.filename} />}
        </div>
        <div class="file-info">
          <p class="filename">
            {props.filename} {props.badge}
          </p>
          <p class="meta">
            {formatSize(props.size)} · {describeKind(props.contentType, props.filename)}
          </p>
        </div>
        {props.children !== undefined && <div class="file-actions">{props.children}</div>}
      </div>
      {props.below}
    </li>
  )
}

/** The bar of an upload under way, announced to screen readers as it starts. */
export function UploadProgress(props: {
  name: string
  sent: number
  total: number
  id: string
}): JSX.Element {
  const percent = props.total === 0 ? 0 : Math.round((props.sent / props.total) * 100)
  return (
    <div class="progress" role="status">
      <label for={props.id}>Uploading {props.name}</label>
      <progress id={props.id} max={props.total || 1} value={props.sent} />
      <span class="progress-figure">{percent}%</span>
    </div>
  )
}

/** A file chosen on this device, shown before it is uploaded (an image from its own bytes). */
export function LocalImage(props: { file: File; alt: string }): JSX.Element {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const objectUrl = URL.createObjectURL(props.file)
    setUrl(objectUrl)
    return () => {
      URL.revokeObjectURL(objectUrl)
    }
  }, [props.file])
  if (url === undefined)
    return <div class="image image-loading" role="img" aria-label={`${props.alt} (loading)`} />
  return <img class="image" src={url} alt={props.alt} />
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
