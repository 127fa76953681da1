import { createQuire } from '@quire/client'
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

function savedToken(): string | undefined {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? undefined
  } catch {
    return undefined
  }
}

function saveToken(token: string | undefined): void {
  try {
    if (token === undefined) localStorage.removeItem(TOKEN_KEY)
    else localStorage.setItem(TOKEN_KEY, token)
  } catch {
    // Storage refused (private mode): the session simply lasts as long as the page.
  }
}

const baseUrl = await apiUrl()
const token = savedToken()
const quire = createQuire({ baseUrl, ...(token === undefined ? {} : { token }), onTokenChange: saveToken })
const root = document.getElementById('app')
if (root) render(<App quire={quire} apiUrl={baseUrl} />, root)
