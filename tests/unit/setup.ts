import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { Dexie } from 'dexie'
import { vi } from 'vitest'

// Files share a worker (isolate: false), as a tab shares nothing with the one before it only if
// told: each file starts on an empty IndexedDB and its own instances of the app's modules.
globalThis.indexedDB = new IDBFactory()
Dexie.dependencies.indexedDB = globalThis.indexedDB
vi.resetModules()
