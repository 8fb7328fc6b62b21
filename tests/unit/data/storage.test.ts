import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestPersistentStorage } from '../../../src/data/storage'

describe('requestPersistentStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('says no where the Storage API is missing', async () => {
    vi.stubGlobal('navigator', {})
    expect(await requestPersistentStorage()).toBe(false)
  })

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn(async () => true)
    vi.stubGlobal('navigator', { storage: { persisted: async () => true, persist } })
    expect(await requestPersistentStorage()).toBe(true)
    expect(persist).not.toHaveBeenCalled()
  })

  it("returns the browser's answer", async () => {
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => false } })
    expect(await requestPersistentStorage()).toBe(false)
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => true } })
    expect(await requestPersistentStorage()).toBe(true)
  })

  it('treats a failing request as a no', async () => {
    vi.stubGlobal('navigator', { storage: { persist: async () => Promise.reject(new Error('denied')) } })
    expect(await requestPersistentStorage()).toBe(false)
  })
})
