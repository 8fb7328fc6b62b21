/**
 * Asks the browser to keep Tijori's IndexedDB (queued orders, cached data) when disk runs low.
 * Without it, best-effort storage may be evicted, and Safari drops it after seven days unused.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persist) return false
  try {
    if (await storage.persisted?.()) return true
    return await storage.persist()
  } catch {
    return false
  }
}
