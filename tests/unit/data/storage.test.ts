import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestPersistentStorage, storageStatus } from '../../../src/data/storage'

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

describe('storageStatus', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("gives the browser's usage, quota and whether storage is kept", async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 2_500_000, quota: 300_000_000 }), persisted: async () => true } })
    expect(await storageStatus()).toEqual({ usage: 2_500_000, quota: 300_000_000, persisted: true })
  })

  it('counts storage as not kept where the browser cannot say', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({}) } })
    expect(await storageStatus()).toEqual({ usage: 0, quota: 0, persisted: false })
  })

  it('says nothing where there is no estimate, or it fails', async () => {
    vi.stubGlobal('navigator', {})
    expect(await storageStatus()).toBeNull()
    vi.stubGlobal('navigator', { storage: { estimate: async () => Promise.reject(new Error('no')), persisted: async () => false } })
    expect(await storageStatus()).toBeNull()
  })
})
