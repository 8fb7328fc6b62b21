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

export type StorageStatus = { usage: number; quota: number; persisted: boolean }

/**
 * How much this origin stores (IndexedDB, the service worker's caches) out of what the browser
 * allows, and whether it is kept; null where the browser does not say (estimate is missing).
 */
export async function storageStatus(): Promise<StorageStatus | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.estimate) return null
  try {
    const [estimate, persisted] = await Promise.all([storage.estimate(), storage.persisted?.() ?? false])
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted }
  } catch {
    return null
  }
}
