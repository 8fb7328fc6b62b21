/**
 * The native back button's rule (issue 13, the seed's hybrid app): back goes back one step in
 * the app's history; on a first screen (home, or the login start when signed out) the first
 * press says "Press back again to exit" and a second press within EXIT_WINDOW_MS quits the app.
 * A screen opened without history behind it (a link from outside) goes home instead of quitting,
 * so the user never leaves from the middle of the app by surprise.
 * decideBack is the pure rule; installBackButton wires it to the bridge with an injected clock.
 */
import { type AppPlugin, type ListenerHandle, type StatusBarPlugin } from './bridge'

/** How soon a second press on a first screen must follow the first to quit. */
export const EXIT_WINDOW_MS = 1000

/** The screens the back button quits from (DESIGN.md section 3: home, and the login start). */
export const FIRST_SCREENS: readonly string[] = ['/home/index', '/login/start', '/']

export type BackAction = 'back' | 'home' | 'warn' | 'exit'

export type BackState = {
  /** The current route's path. */
  path: string
  /** The app has history to go back to (the bridge's canGoBack, or the router's). */
  canGoBack: boolean
  now: number
  /** When back was last pressed on a first screen and only warned; null if not (or too long ago). */
  warnedAt: number | null
}

export function isFirstScreen(path: string): boolean {
  return FIRST_SCREENS.includes(path)
}

/** What one press of the back button does. */
export function decideBack(s: BackState): BackAction {
  if (isFirstScreen(s.path)) return s.warnedAt !== null && s.now - s.warnedAt <= EXIT_WINDOW_MS && s.now >= s.warnedAt ? 'exit' : 'warn'
  return s.canGoBack ? 'back' : 'home'
}

/** What the back button acts on: the router and the toast, injected so the rule is tested without them. */
export type BackTarget = {
  path: () => string
  canGoBack: () => boolean
  back: () => void
  home: () => void
  warn: () => void
  now?: () => number
}

/** Listens to the bridge's back button and acts by decideBack; returns the listener's handle. */
export async function installBackButton(app: AppPlugin, target: BackTarget): Promise<ListenerHandle> {
  const now = target.now ?? Date.now
  let warnedAt: number | null = null
  return app.addListener('backButton', (e) => {
    const at = now()
    const action = decideBack({ path: target.path(), canGoBack: e.canGoBack || target.canGoBack(), now: at, warnedAt })
    warnedAt = action === 'warn' ? at : null
    if (action === 'exit') void app.exitApp()
    else if (action === 'back') target.back()
    else if (action === 'home') target.home()
    else target.warn()
  })
}

/** The status bar at start: white, with dark text (Capacitor's 'LIGHT' style). */
export async function styleStatusBar(statusBar: StatusBarPlugin): Promise<void> {
  await statusBar.setBackgroundColor({ color: '#FFFFFF' })
  await statusBar.setStyle({ style: 'LIGHT' })
}
