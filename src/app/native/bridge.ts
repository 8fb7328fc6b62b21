/**
 * The native shell's plugins, in the shape of Capacitor's App and StatusBar plugins
 * (@capacitor/app, @capacitor/status-bar), so a Capacitor build provides them as they are and
 * the web needs none. Capacitor puts its plugins on `globalThis.Capacitor.Plugins`; when the App
 * plugin is not there we are in a browser, which has its own back button and status bar, and the
 * app does nothing (nativeBridge() is null).
 * No Android SDK is reachable here, so no native project is in the repository. A native build
 * adds: `@capacitor/core`, `@capacitor/app` and `@capacitor/status-bar` as dependencies,
 * `capacitor.config.ts` with `webDir: 'dist'`, `npx cap add android`, and imports of the two
 * plugins (which register themselves on Capacitor.Plugins) — nothing in this folder changes.
 */

/** A registered listener; `remove()` unregisters it (Capacitor's PluginListenerHandle). */
export type ListenerHandle = { remove: () => Promise<void> | void }

/** What the native back button reports: whether the web view has history to go back to. */
export type BackButtonEvent = { canGoBack: boolean }

/** Capacitor's App plugin, the part used here. */
export type AppPlugin = {
  addListener: (event: 'backButton', listener: (e: BackButtonEvent) => void) => Promise<ListenerHandle> | ListenerHandle
  exitApp: () => Promise<void> | void
}

/**
 * Capacitor's StatusBar plugin, the part used here. Capacitor's styles name the bar's background:
 * 'LIGHT' is dark text for a light bar, 'DARK' light text for a dark one.
 */
export type StatusBarPlugin = {
  setStyle: (options: { style: 'LIGHT' | 'DARK' | 'DEFAULT' }) => Promise<void> | void
  setBackgroundColor: (options: { color: string }) => Promise<void> | void
}

export type NativeBridge = { app: AppPlugin; statusBar: StatusBarPlugin | null }

function isPlugin(value: unknown, ...methods: readonly string[]): boolean {
  return typeof value === 'object' && value !== null && methods.every((m) => typeof Reflect.get(value, m) === 'function')
}

/** The native plugins when running inside the native shell, else null (the web does nothing). */
export function nativeBridge(scope: object = globalThis): NativeBridge | null {
  const capacitor: unknown = Reflect.get(scope, 'Capacitor')
  const plugins: unknown = typeof capacitor === 'object' && capacitor !== null ? Reflect.get(capacitor, 'Plugins') : undefined
  if (typeof plugins !== 'object' || plugins === null) return null
  const app: unknown = Reflect.get(plugins, 'App')
  if (!isPlugin(app, 'addListener', 'exitApp')) return null
  const statusBar: unknown = Reflect.get(plugins, 'StatusBar')
  return {
    app: app as AppPlugin,
    statusBar: isPlugin(statusBar, 'setStyle', 'setBackgroundColor') ? (statusBar as StatusBarPlugin) : null,
  }
}
