// The auth store: one place that holds the session token (and the signed-in user, once read), saves it
// where the app wants it kept between visits, and tells the app when it changes. The client reads the
// token from here on every request and writes to it on login, logout and a 401 to the token it sent.
import type { User } from './types.js'

/** What an auth store keeps: the session token, and the user when a read of `/v1/me` has told it. */
export interface AuthState {
  token: string
  user?: User
}

/** Where an auth store keeps its state between visits: synchronous, so the first request has the token. */
export interface AuthPersistence {
  /** The state saved earlier, if any. */
  get(): AuthState | undefined
  set(state: AuthState): void
  clear(): void
}

/** Keeps the state only as long as the page or process: the default. */
export function memoryPersistence(): AuthPersistence {
  let saved: AuthState | undefined
  return {
    get: () => saved,
    set: (state) => {
      saved = state
    },
    clear: () => {
      saved = undefined
    },
  }
}

/** The part of the Web Storage API used here (`localStorage`, `sessionStorage`, or a stand-in). */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

function isAuthState(value: unknown): value is AuthState {
  if (typeof value !== 'object' || value === null) return false
  const { token, user } = value as Record<string, unknown>
  return typeof token === 'string' && token !== '' && (user === undefined || typeof user === 'object')
}

/**
 * Keeps the state as JSON under `key` in `localStorage` (or the storage given). A refused or unreadable
 * storage (private browsing, quota, someone else's value under the key) is treated as empty: the
 * session then lasts as long as the page.
 */
export function localStoragePersistence(key = 'quire.auth', storage?: StorageLike): AuthPersistence {
  const store = (): StorageLike | undefined =>
    storage ?? (globalThis as { localStorage?: StorageLike }).localStorage
  return {
    get() {
      try {
        const text = store()?.getItem(key)
        if (text === null || text === undefined) return undefined
        const value: unknown = JSON.parse(text)
        return isAuthState(value) ? value : undefined
      } catch {
        return undefined
      }
    },
    set(state) {
      try {
        store()?.setItem(key, JSON.stringify(state))
      } catch {
        // Refused: the store still holds the state in memory.
      }
    },
    clear() {
      try {
        store()?.removeItem(key)
      } catch {
        // Refused: nothing was saved either.
      }
    },
  }
}

/** The session token and signed-in user of one client, persisted through an AuthPersistence. */
export interface AuthStore {
  /** The session token, if signed in. */
  readonly token: string | undefined
  /** The signed-in user, once the client has read `/v1/me` with this token (login alone does not). */
  readonly user: User | undefined
  /** Keeps a token (and the user it belongs to, if known); a new token forgets the previous user. */
  save(token: string, user?: User): void
  /** Forgets the token and user (logout, or a 401 to the token sent). */
  clear(): void
  /** Calls `listener` after every change, with the new state (undefined once cleared); returns an unsubscribe. */
  onChange(listener: (state: AuthState | undefined) => void): () => void
}

/** An auth store starting from what `persistence` saved (default: memory only). */
export function createAuthStore(persistence: AuthPersistence = memoryPersistence()): AuthStore {
  let state = persistence.get()
  const listeners = new Set<(state: AuthState | undefined) => void>()
  const changed = (): void => {
    for (const listener of listeners) listener(state)
  }
  return {
    get token() {
      return state?.token
    },
    get user() {
      return state?.user
    },
    save(token, user) {
      const keptUser = user ?? (token === state?.token ? state.user : undefined)
      if (token === state?.token && keptUser === state.user) return
      state = keptUser === undefined ? { token } : { token, user: keptUser }
      persistence.set(state)
      changed()
    },
    clear() {
      if (state === undefined) return
      state = undefined
      persistence.clear()
      changed()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
