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

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch'

/** An operation of the API, named `METHOD /path` as in the OpenAPI document, e.g. `POST /v1/register`. */
export type Operation = {
  [P in keyof paths]: {
    [M in Method]: paths[P][M] extends undefined ? never : `${Uppercase<M>} ${P}`
  }[Method]
}[keyof paths]

type OperationObject<O extends Operation> = O extends `${infer M} ${infer P}`
  ? P extends keyof paths
    ? Lowercase<M> extends keyof paths[P]
      ? paths[P][Lowercase<M>]
      : never
    : never
  : never

type DocumentedFields<Op> = Op extends {
  responses: { 422: { content: { 'application/json': { error: { fields?: infer Fields } } } } }
}
  ? NonNullable<Fields>
  : never

/**
 * The fields a 422 of the operation can name, as its document lists them (its body and query fields);
 * `never` for an operation that answers no 422. A field it does not take is named too, under its own
 * name, but is not part of this type.
 */
export type FieldName<O extends Operation> = keyof {
  [K in keyof DocumentedFields<OperationObject<O>> as string extends K ? never : K]: unknown
} &
  string
