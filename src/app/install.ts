/**
 * The browser's offer to install Tijori (Chromium's `beforeinstallprompt`): kept from the moment
 * it comes, so a button can show it later; gone once used, once installed (`appinstalled`), and
 * never offered when the app already runs installed (display-mode standalone). Safari and Firefox
 * never send the event, so the button simply does not show there.
 *
 * Imported by the page's entry (src/boot.ts), which runs before the app is fetched: the event can
 * come with the page's load, before the app's script has arrived. So no React here.
 */

/** The event Chromium sends; not in TypeScript's DOM types. */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallState = { offer: InstallPromptEvent | null; installed: boolean }

let state: InstallState = { offer: null, installed: false }
const listeners = new Set<() => void>()

function set(next: InstallState): void {
  state = next
  for (const listener of listeners) listener()
}

function isInstallPrompt(event: Event): event is InstallPromptEvent {
  return typeof Reflect.get(event, 'prompt') === 'function'
}

/**
 * Starts listening on `target` (the window). Called once when this module loads, from the page's
 * entry: the event may come as early as the page's load.
 */
export function watchInstallPrompt(target: EventTarget, standalone: boolean): () => void {
  set({ offer: null, installed: standalone })
  const onOffer = (event: Event) => {
    if (!isInstallPrompt(event)) return
    // Keeps Chromium's own mini-infobar away: the account settings offer it instead.
    event.preventDefault()
    if (!state.installed) set({ ...state, offer: event })
  }
  const onInstalled = () => set({ offer: null, installed: true })
  target.addEventListener('beforeinstallprompt', onOffer)
  target.addEventListener('appinstalled', onInstalled)
  return () => {
    target.removeEventListener('beforeinstallprompt', onOffer)
    target.removeEventListener('appinstalled', onInstalled)
  }
}

/** Shows the browser's install dialog; the offer is used up whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = state.offer
  if (!offer) return 'unavailable'
  set({ ...state, offer: null })
  await offer.prompt()
  const { outcome } = await offer.userChoice
  if (outcome === 'accepted') set({ offer: null, installed: true })
  return outcome
}

export function installState(): InstallState {
  return state
}

/** Calls `listener` whenever the offer or the installed state changes (for useSyncExternalStore). */
export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

if (typeof window !== 'undefined') {
  watchInstallPrompt(window, window.matchMedia?.('(display-mode: standalone)').matches === true)
}
