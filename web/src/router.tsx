import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** Every screen of the app, as parsed from the location's path. */
export type Route =
  | { name: 'feed' }
  | { name: 'mine' }
  | { name: 'login' }
  | { name: 'register' }
  | { name: 'new-post' }
  | { name: 'post'; id: string }
  | { name: 'edit-post'; id: string }
  | { name: 'account' }
  | { name: 'sessions' }
  | { name: 'forgot-password' }
  | { name: 'reset-password' }
  | { name: 'verify-email' }
  | { name: 'cancel-email-change' }
  | { name: 'confirm-login' }
  | { name: 'moderation'; status: 'open' | 'resolved' }
  | { name: 'admin-users' }
  | { name: 'admin-audit' }
  | { name: 'not-found' }

/** The route a path names. */
function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter((part) => part !== '')
  const [first, second, third] = parts
  if (parts.length === 0) return { name: 'feed' }
  if (parts.length === 1) {
    switch (first) {
      case 'mine':
        return { name: 'mine' }
      case 'login':
        return { name: 'login' }
      case 'register':
        return { name: 'register' }
      case 'account':
        return { name: 'account' }
      case 'sessions':
        return { name: 'sessions' }
      case 'forgot-password':
        return { name: 'forgot-password' }
      // The paths of the links Quire mails (APP_URL/reset-password#token=…, APP_URL/verify-email#token=…,
      // APP_URL/cancel-email-change#token=…, APP_URL/confirm-login#token=…).
      case 'reset-password':
        return { name: 'reset-password' }
      case 'verify-email':
        return { name: 'verify-email' }
      case 'cancel-email-change':
        return { name: 'cancel-email-change' }
      case 'confirm-login':
        return { name: 'confirm-login' }
      case 'moderation':
        return { name: 'moderation', status: 'open' }
    }
  }
  if (parts.length === 2 && first === 'moderation' && second === 'resolved')
    return { name: 'moderation', status: 'resolved' }
  if (parts.length === 2 && first === 'admin' && second === 'users') return { name: 'admin-users' }
  if (parts.length === 2 && first === 'admin' && second === 'audit') return { name: 'admin-audit' }
  if (first === 'posts' && second !== undefined) {
    if (second === 'new' && parts.length === 2) return { name: 'new-post' }
    if (parts.length === 2) return { name: 'post', id: second }
    if (parts.length === 3 && third === 'edit') return { name: 'edit-post', id: second }
  }
  return { name: 'not-found' }
}

/** Goes to another screen without reloading the page. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path)
  else history.pushState(null, '', path)
  window.dispatchEvent(new PopStateEvent('popstate'))
}

/** The current route, updated on navigation and on the browser's back and forward buttons. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname))
  useEffect(() => {
    const update = (): void => {
      setRoute(parseRoute(location.pathname))
    }
    window.addEventListener('popstate', update)
    return () => {
      window.removeEventListener('popstate', update)
    }
  }, [])
  return route
}

/** An in-app link: a real `<a href>` (so it can be opened in a new tab) that navigates in place. */
export function Link(props: {
  href: string
  children: ComponentChildren
  class?: string
  'aria-current'?: 'page' | undefined
}): JSX.Element {
  const { href, children, ...rest } = props
  const onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    event.preventDefault()
    navigate(href)
  }
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  )
}

/**
 * The token of an emailed link (`/reset-password#token=…`, or `?token=`), read once; the address bar
 * then loses it, so it stays out of the history and of anything the page shares later.
 */
export function useLinkToken(): string | undefined {
  const [token] = useState(() => {
    const fromFragment = new URLSearchParams(location.hash.slice(1)).get('token')
    const fromQuery = new URLSearchParams(location.search).get('token')
    return fromFragment ?? fromQuery ?? undefined
  })
  useEffect(() => {
    if (location.hash !== '' || location.search !== '') history.replaceState(null, '', location.pathname)
  }, [])
  return token
}
