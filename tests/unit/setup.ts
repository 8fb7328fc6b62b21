import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { Dexie } from 'dexie'
import { vi } from 'vitest'

// Files share a worker (isolate: false in vite.config.ts). Each still starts as a new tab does:
// on an empty IndexedDB, with its own instances of the app's modules.
globalThis.indexedDB = new IDBFactory()
Dexie.dependencies.indexedDB = globalThis.indexedDB
vi.resetModules()
