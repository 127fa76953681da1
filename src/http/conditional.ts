import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../errors.js'

// Conditional requests (RFC 9110 §13). Each stored object has a version that every change
// increments; its ETag is derived from it. `If-None-Match` saves re-downloading an unchanged object;
// `If-Match` makes a write fail with 412 instead of overwriting somebody else's change.

/** How a write's `If-Match` works, for the descriptions of every route that honours it. */
export const IF_MATCH =
  'Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise ' +
  '412 PRECONDITION_FAILED and nothing changes.'

/**
 * The strong ETag of an object at a version. `owner` names whose copy it is where one URL answers each
 * caller their own object (`/v1/me`): two accounts at the same version would otherwise share an ETag,
 * and a browser revalidating as the second account was answered 304 for the first one's profile.
 */
export function versionEtag(version: number, owner?: string): string {
  return owner === undefined ? `"v${version}"` : `"v${version}-${owner}"`
}

function listedTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
}

/** True when `If-None-Match` names the current ETag (or `*`): the client's copy is current. */
function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (header === undefined) return false
  const tags = listedTags(header)
  return tags.includes('*') || tags.includes(etag)
}

/**
 * Sets the ETag and, when the client's copy is current, answers 304 and returns true; the handler
 * then returns the reply without a body.
 */
export function replyNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  // What a caller sees depends on who they are (their profile, their private posts): `Vary:
  // Authorization` tells shared caches so, though Chromium's own cache alone was not kept from reusing
  // another account's copy by it (hence the owner in `/v1/me`'s ETag, see versionEtag).
  const vary = reply.getHeader('vary')
  void reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', vary === undefined ? 'Authorization' : `${String(vary)}, Authorization`)
  if (!isNotModified(request, etag)) return false
  void reply.code(304).send()
  return true
}

/**
 * The version a write must find for `If-Match` to hold, or undefined when the request has none.
 * Throws 412 when the object has already moved past the version the client saw.
 */
export function requiredVersion(
  request: FastifyRequest,
  currentVersion: number,
  owner?: string,
): number | undefined {
  const header = request.headers['if-match']
  if (header === undefined) return undefined
  const tags = header.split(',').map((tag) => tag.trim())
  if (tags.includes('*') || tags.includes(versionEtag(currentVersion, owner))) return currentVersion
  throw preconditionFailed()
}

/** The failure for a write whose `If-Match` no longer holds. */
export function preconditionFailed(): ApiError {
  return new ApiError(
    'PRECONDITION_FAILED',
    'The object has changed since you fetched it; fetch it again and retry',
  )
}
