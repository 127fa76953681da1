/** The canonical version prefix; `/api/v1` is rewritten onto it before routing. */
export const API_PREFIX = '/v1'

// Every object carries `links`: absolute paths to itself, its related lists and its next steps.
// Built only here, so clients can follow them and never have to assemble URLs.

/** Link relations to absolute paths: `self`, and these others. */
type Links<Relation extends string = never, Optional extends string = never> = {
  self: string
} & Record<Relation, string> &
  Partial<Record<Optional, string>>

// The profile's links never change; built once.
const ME_LINKS: Links<'sessions' | 'posts'> = Object.freeze({
  self: `${API_PREFIX}/me`,
  sessions: `${API_PREFIX}/sessions`,
  posts: `${API_PREFIX}/me/posts`,
})

/** Links of the caller's profile. */
export function meLinks(): Links<'sessions' | 'posts'> {
  return ME_LINKS
}

/** Links of a session. */
export function sessionLinks(id: string): Links {
  return { self: `${API_PREFIX}/sessions/${id}` }
}

/** Links of a post. */
export function postLinks(post: {
  id: string
  user_id: string
  cover_attachment_id: string | null
}): Links<'attachments' | 'comments' | 'author_posts', 'cover'> {
  const self = `${API_PREFIX}/posts/${post.id}`
  const links = {
    self,
    attachments: `${self}/attachments`,
    comments: `${self}/comments`,
    author_posts: `${API_PREFIX}/posts?user=${post.user_id}`,
  }
  return post.cover_attachment_id === null
    ? links
    : { ...links, cover: `${self}/attachments/${post.cover_attachment_id}` }
}

/** Links of an attachment. */
export function attachmentLinks(attachment: {
  id: string
  post_id: string
}): Links<'content' | 'comments' | 'select' | 'edit' | 'post'> {
  const post = `${API_PREFIX}/posts/${attachment.post_id}`
  const self = `${post}/attachments/${attachment.id}`
  return {
    self,
    content: `${self}/content`,
    comments: `${self}/comments`,
    select: `${self}/select`,
    edit: `${API_PREFIX}/attachments/${attachment.id}`,
    post,
  }
}

/** Links of a comment. */
export function commentLinks(comment: {
  id: string
  post_id: string
  attachment_id: string | null
}): Links<'post', 'attachment'> {
  const post = `${API_PREFIX}/posts/${comment.post_id}`
  const self = `${API_PREFIX}/comments/${comment.id}`
  return comment.attachment_id === null
    ? { self, post }
    : { self, post, attachment: `${post}/attachments/${comment.attachment_id}` }
}

/** Links of a report: itself, what it is about, and where a moderator resolves it. */
export function reportLinks(report: {
  id: string
  target_type: 'post' | 'attachment' | 'comment'
  target_id: string
  post_id: string
}): Links<'target' | 'resolve'> {
  const self = `${API_PREFIX}/reports/${report.id}`
  const post = `${API_PREFIX}/posts/${report.post_id}`
  const target =
    report.target_type === 'post'
      ? post
      : report.target_type === 'attachment'
        ? `${post}/attachments/${report.target_id}`
        : `${API_PREFIX}/comments/${report.target_id}`
  return { self, target, resolve: `${self}/resolve` }
}

/** Links of a user as an admin sees it: itself and the user's posts. */
export function userLinks(id: string): Links<'posts'> {
  return { self: `${API_PREFIX}/users/${id}`, posts: `${API_PREFIX}/posts?user=${id}` }
}
