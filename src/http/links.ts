import { API_PREFIX } from './prefix.js'

// Every object carries `links`: absolute paths to itself, its related lists and its next steps.
// Built only here, so clients can follow them and never have to assemble URLs.

/** Link relations to absolute paths; every object has at least `self`. */
export type Links = Record<string, string> & { self: string }

/** Links of the caller's profile. */
export function meLinks(): Links {
  return { self: `${API_PREFIX}/me`, sessions: `${API_PREFIX}/sessions`, posts: `${API_PREFIX}/me/posts` }
}

/** Links of a session. */
export function sessionLinks(id: string): Links {
  return { self: `${API_PREFIX}/sessions/${id}` }
}

/** Links of a post. */
export function postLinks(post: { id: string; user_id: string; cover_attachment_id: string | null }): Links {
  const self = `${API_PREFIX}/posts/${post.id}`
  const links: Links = {
    self,
    attachments: `${self}/attachments`,
    comments: `${self}/comments`,
    author_posts: `${API_PREFIX}/posts?user=${post.user_id}`,
  }
  if (post.cover_attachment_id !== null) links['cover'] = `${self}/attachments/${post.cover_attachment_id}`
  return links
}

/** Links of an attachment. */
export function attachmentLinks(attachment: { id: string; post_id: string }): Links {
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
export function commentLinks(comment: { id: string; post_id: string; attachment_id: string | null }): Links {
  const post = `${API_PREFIX}/posts/${comment.post_id}`
  const links: Links = { self: `${API_PREFIX}/comments/${comment.id}`, post }
  if (comment.attachment_id !== null) links['attachment'] = `${post}/attachments/${comment.attachment_id}`
  return links
}
