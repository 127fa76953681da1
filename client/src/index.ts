// @quire/client: a typed client for the Quire API. Types are generated from the server's OpenAPI
// document (openapi.ts); this thin layer adds the session token, pagination, errors and ETags.
export { createQuire, etagOf } from './client.js'
export type {
  AttachmentRef,
  ListOptions,
  Quire,
  QuireOptions,
  UploadOptions,
  WriteOptions,
} from './client.js'
export { QuireError } from './errors.js'
export type {
  EventHandlers,
  QuireEvent,
  QuireEventOf,
  QuireEventType,
  SubscribeOptions,
  Subscription,
  Topic,
} from './events.js'
export type { Page, Paged } from './pages.js'
export type { paths } from './openapi.js'
export type * from './types.js'
