// @quire/client: a typed client for the Quire API. Types are generated from the server's OpenAPI
// document (openapi.ts); this thin layer adds the auth store, pagination, errors, ETags and file URLs.
export { createAuthStore, localStoragePersistence, memoryPersistence } from './auth.js'
export type { AuthPersistence, AuthState, AuthStore, StorageLike } from './auth.js'
export { createQuire, etagOf } from './client.js'
export type {
  AttachmentRef,
  ContentUrlOptions,
  ListOptions,
  Quire,
  QuireOptions,
  UploadOptions,
  WriteOptions,
} from './client.js'
export { isQuireError, QuireError } from './errors.js'
export type { FieldMessages, QuireErrorCode } from './errors.js'
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
export type { ErrorCode, paths } from './openapi.js'
export type * from './types.js'
