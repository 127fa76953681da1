import type { Quire, User } from '@quire/client'
import type { JSX } from 'preact'
import { useEffect, useMemo, useState } from 'preact/hooks'
import { AppContext, appPreferences, type AppContextValue } from './context.js'
import { Link, navigate, useRoute, type Route } from './router.js'
import { can } from './moderation-api.js'
import { AccountScreen, SessionsScreen } from './screens/account.js'
import { AdminUsersScreen, AuditLogScreen } from './screens/admin.js'
import { ConfirmLoginScreen, LoginScreen, RegisterScreen } from './screens/auth.js'
import { FeedScreen } from './screens/feed.js'
import { ModerationScreen } from './screens/moderation.js'
import { PostScreen } from './screens/post.js'
import {
  CancelEmailChangeScreen,
  ForgotPasswordScreen,
  ResetPasswordScreen,
  VerifyEmailScreen,
} from './screens/recovery.js'
import { EditPostScreen, NewPostScreen } from './screens/post-editor.js'
import { Empty, ErrorNotice, Loading, PageTitle } from './ui.js'

const SIGNED_IN_ONLY = new Set<Route['name']>([
  'mine',
  'new-post',
  'edit-post',
  'account',
  'sessions',
  'moderation',
  'admin-users',
  'admin-audit',
])

function Screen(props: { route: Route }): JSX.Element {
  const { route } = props
  switch (route.name) {
    case 'feed':
      return <FeedScreen mine={false} />
    case 'mine':
      return <FeedScreen mine />
    case 'login':
      return <LoginScreen />
    case 'register':
      return <RegisterScreen />
    case 'new-post':
      return <NewPostScreen />
    case 'post':
      return <PostScreen id={route.id} />
    case 'edit-post':
      return <EditPostScreen id={route.id} />
    case 'account':
      return <AccountScreen />
    case 'sessions':
      return <SessionsScreen />
    case 'forgot-password':
      return <ForgotPasswordScreen />
    case 'reset-password':
      return <ResetPasswordScreen />
    case 'verify-email':
      return <VerifyEmailScreen />
    case 'cancel-email-change':
      return <CancelEmailChangeScreen />
    case 'confirm-login':
      return <ConfirmLoginScreen />
    case 'moderation':
      return <ModerationScreen status={route.status} />
    case 'admin-users':
      return <AdminUsersScreen />
    case 'admin-audit':
      return <AuditLogScreen />
    case 'not-found':
      return (
        <section>
          <PageTitle title="Not found">Page not found</PageTitle>
          <Empty>
            <p>There is no page at this address.</p>
            <p>
              <Link href="/">Back to posts</Link>
            </p>
          </Empty>
        </section>
      )
  }
}

/** The app: header with navigation, the current screen, and who is signed in. */
export function App(props: { quire: Quire; apiUrl: string }): JSX.Element {
  const { quire } = props
  const route = useRoute()
  const [user, setUser] = useState<User>()
  const [restoring, setRestoring] = useState(quire.token !== undefined)
  const [restoreError, setRestoreError] = useState<unknown>()

  // A token saved by an earlier visit: find out whose it is (a stale one is dropped by the client).
  const restore = (): void => {
    if (quire.token === undefined) return
    setRestoring(true)
    setRestoreError(undefined)
    quire.me.get().then(
      (me) => {
        setUser(me)
        setRestoring(false)
      },
      (error: unknown) => {
        if (quire.token !== undefined) setRestoreError(error)
        setRestoring(false)
      },
    )
  }
  useEffect(restore, [quire])

  const theme = appPreferences(user).theme
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset['theme']
    else document.documentElement.dataset['theme'] = theme
  }, [theme])

  const needsLogin = SIGNED_IN_ONLY.has(route.name) && !user && !restoring && restoreError === undefined
  useEffect(() => {
    if (needsLogin) navigate('/login', { replace: true })
  }, [needsLogin])

  const context = useMemo<AppContextValue>(
    () => ({ quire, apiUrl: props.apiUrl, user, setUser }),
    [quire, props.apiUrl, user],
  )

  // On a phone the navigation folds into a menu; it closes again whenever the screen changes.
  const [menuOpen, setMenuOpen] = useState(false)
  useEffect(() => {
    setMenuOpen(false)
  }, [route])
  useEffect(() => {
    if (!menuOpen) return
    const closeOnEscape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [menuOpen])

  const logout = async (): Promise<void> => {
    try {
      await quire.logout()
    } finally {
      setUser(undefined)
      navigate('/login')
    }
  }

  // The admin area opens on the first part this user may see.
  const adminHome = can(user, 'users:manage')
    ? '/admin/users'
    : can(user, 'audit:read')
      ? '/admin/audit'
      : undefined

  return (
    <AppContext.Provider value={context}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <Link href="/" class="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" /> Quire
        </Link>
        <nav aria-label="Main">
          <button
            type="button"
            class="menu-button secondary"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => {
              setMenuOpen(!menuOpen)
            }}
          >
            <span class="menu-icon" aria-hidden="true" />
            Menu
          </button>
          <ul id="main-menu" class={menuOpen ? 'open' : undefined}>
            <li>
              <Link href="/" aria-current={route.name === 'feed' ? 'page' : undefined}>
                Posts
              </Link>
            </li>
            {user ? (
              <>
                <li>
                  <Link href="/mine" aria-current={route.name === 'mine' ? 'page' : undefined}>
                    My posts
                  </Link>
                </li>
                <li>
                  <Link href="/account" aria-current={route.name === 'account' ? 'page' : undefined}>
                    Account
                  </Link>
                </li>
                <li>
                  <Link href="/sessions" aria-current={route.name === 'sessions' ? 'page' : undefined}>
                    Sessions
                  </Link>
                </li>
                {can(user, 'reports:review') && (
                  <li>
                    <Link href="/moderation" aria-current={route.name === 'moderation' ? 'page' : undefined}>
                      Moderation
                    </Link>
                  </li>
                )}
                {adminHome !== undefined && (
                  <li>
                    <Link
                      href={adminHome}
                      aria-current={
                        route.name === 'admin-users' || route.name === 'admin-audit' ? 'page' : undefined
                      }
                    >
                      Admin
                    </Link>
                  </li>
                )}
                <li>
                  <button type="button" class="link" onClick={() => void logout()}>
                    Log out <span class="visually-hidden">{user.display_name ?? user.email}</span>
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link href="/login" aria-current={route.name === 'login' ? 'page' : undefined}>
                    Log in
                  </Link>
                </li>
                <li>
                  <Link href="/register" aria-current={route.name === 'register' ? 'page' : undefined}>
                    Register
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </header>
      <main id="main">
        {restoring && <Loading label="Signing you in…" />}
        {restoreError !== undefined && <ErrorNotice error={restoreError} onRetry={restore} />}
        {!restoring && restoreError === undefined && !needsLogin && <Screen route={route} />}
      </main>
      <footer class="site-footer">
        <p>
          Quire web app · API at <code>{props.apiUrl}</code> ·{' '}
          <a href={`${props.apiUrl}/v1/docs`}>API reference</a>
        </p>
      </footer>
    </AppContext.Provider>
  )
}
