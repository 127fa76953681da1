import type { Quire, User } from '@quire/client'
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'

/** What every screen needs: the client, and who is signed in (undefined when nobody is). */
export interface AppContextValue {
  quire: Quire
  apiUrl: string
  user: User | undefined
  /** Replaces the signed-in user (after login, a profile change, or with undefined after logout). */
  setUser: (user: User | undefined) => void
}

export const AppContext = createContext<AppContextValue | undefined>(undefined)

/** The app's context; only screens rendered inside <App> call it. */
export function useApp(): AppContextValue {
  const value = useContext(AppContext)
  if (value === undefined) throw new Error('useApp outside <App>')
  return value
}

/** The preferences the app understands, read from the user's free-form `preferences` object. */
export interface AppPreferences {
  theme: 'system' | 'light' | 'dark'
  pageSize: number
}

/** The user's app preferences, with defaults for anything missing or malformed. */
export function appPreferences(user: User | undefined): AppPreferences {
  const stored = user?.preferences ?? {}
  const theme = stored['theme']
  const pageSize = stored['page_size']
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : 'system',
    pageSize: typeof pageSize === 'number' && [5, 10, 20, 50].includes(pageSize) ? pageSize : 10,
  }
}
