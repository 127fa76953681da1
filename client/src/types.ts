import type { paths } from './openapi.js'

type JsonBody<T> = T extends { content: { 'application/json': infer Body } } ? Body : never
type ResponseData<Operation, Status extends number> = Operation extends {
  responses: { [S in Status]: infer Response }
}
  ? JsonBody<Response> extends { data: infer Data }
    ? Data
    : never
  : never
type RequestJson<Operation> = Operation extends { requestBody?: infer Body } ? JsonBody<Body> : never

/** The caller's profile, as `GET /v1/me` returns it. */
export type User = ResponseData<paths['/v1/me']['get'], 200>
/** A session as listed by `GET /v1/sessions` (`current` marks the caller's). */
export type Session = ResponseData<paths['/v1/sessions']['get'], 200>[number]
/** A new session, with its token (shown only once). */
export type NewSession = ResponseData<paths['/v1/sessions']['post'], 201>
/** A post. */
export type Post = ResponseData<paths['/v1/posts/{id}']['get'], 200>
/** An attachment's metadata. */
export type Attachment = ResponseData<paths['/v1/posts/{id}/attachments/{aid}']['get'], 200>
/** A comment on a post or on an attachment. */
export type Comment = ResponseData<paths['/v1/comments/{id}']['get'], 200>
/** A pending TOTP set-up: the secret, its otpauth:// URL and a QR code of it (SVG). */
export type TotpEnrolment = ResponseData<paths['/v1/me/totp']['post'], 201>
/** What `GET /v1` answers. */
export type Health = JsonBody<paths['/v1']['get']['responses'][200]>

/** Body of `POST /v1/register`. */
export type Registration = RequestJson<paths['/v1/register']['post']>
/** Body of `POST /v1/sessions`. */
export type Credentials = RequestJson<paths['/v1/sessions']['post']>
/** Body of `PATCH /v1/me`. */
export type ProfileChanges = RequestJson<paths['/v1/me']['patch']>
/** Body of `POST /v1/posts`. */
export type NewPost = RequestJson<paths['/v1/posts']['post']>
/** Body of `PATCH /v1/posts/{id}`. */
export type PostChanges = RequestJson<paths['/v1/posts/{id}']['patch']>
/** Body of `PATCH /v1/comments/{id}`. */
export type CommentChanges = RequestJson<paths['/v1/comments/{id}']['patch']>
