/**
 * Whether the app runs inside the native shell (Capacitor's App plugin is present). Kept apart
 * from the rest of this folder so the shell can ask without loading it: the web loads none of it.
 */
export function inNativeShell(): boolean {
  const capacitor: unknown = Reflect.get(globalThis, 'Capacitor')
  if (typeof capacitor !== 'object' || capacitor === null) return false
  const plugins: unknown = Reflect.get(capacitor, 'Plugins')
  const app: unknown = typeof plugins === 'object' && plugins !== null ? Reflect.get(plugins, 'App') : undefined
  return (typeof app === 'object' && app !== null) || typeof app === 'function'
}
