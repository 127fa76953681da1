import { createAuthStore, createQuire, localStoragePersistence } from '@quire/client'
import { render } from 'preact'
import { App } from './app.js'
import './styles.css'

const TOKEN_KEY = 'quire.token'

/**
 * Where the API is: `/config.json` served beside the app (`{"apiUrl": "…"}`, so one build works against
 * any server), else VITE_QUIRE_API_URL at build time, else port 3000 on this page's host.
 */
async function apiUrl(): Promise<string> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' })
    if (response.ok) {
      const config = (await response.json()) as { apiUrl?: unknown }
      if (typeof config.apiUrl === 'string') return config.apiUrl
    }
  } catch {
    // No config file: use the defaults below.
  }
  const built = import.meta.env['VITE_QUIRE_API_URL'] as string | undefined
  return built ?? `${location.protocol}//${location.hostname}:3000`
}

const baseUrl = await apiUrl()
const quire = createQuire({ baseUrl, auth: createAuthStore(localStoragePersistence(TOKEN_KEY)) })
const root = document.getElementById('app')
if (root) render(<App quire={quire} apiUrl={baseUrl} />, root)
