/**
 * The browser may drop IndexedDB's connection under the app: iOS after a while in the
 * background, Chrome when storage is cleared. The app opens a new one and carries on: reads,
 * writes and live queries work again without a reload (src/data/db.ts, "reconnect").
 */
import { Dexie, liveQuery } from 'dexie'
import { afterEach, expect, it } from 'vitest'
import { TijoriDB } from '../../../src/data/db'

const NAME = 'tijori-reopen-test'
let db: TijoriDB
let unsubscribe = () => {}
const restore: (() => void)[] = []

afterEach(async () => {
  unsubscribe()
  for (const undo of restore.splice(0)) undo()
  db.close()
  await Dexie.delete(NAME)
})

type Loss = (idb: IDBDatabase) => void

/** Chrome: the connection is closed and `close` fires on it. */
const closedWithEvent: Loss = (idb) => {
  idb.close()
  // fake-indexeddb's target takes only its own events: call the handler as the browser would.
  idb.onclose?.call(idb, new Event('close'))
}

/** Closed with no event: the next transaction() throws InvalidStateError. */
const closedSilently: Loss = (idb) => idb.close()

/**
 * Safari: the connection looks open but every request fails with "UnknownError: Connection to
 * Indexed Database server lost. Refresh the page to try again", and no close event comes.
 */
const lostLikeSafari: Loss = (idb) => {
  const lost = () => {
    throw new DOMException('Connection to Indexed Database server lost. Refresh the page to try again', 'UnknownError')
  }
  const objectStore = IDBTransaction.prototype.objectStore
  IDBTransaction.prototype.objectStore = function (this: IDBTransaction, name: string) {
    return this.db === idb ? (new Proxy({}, { get: () => lost }) as IDBObjectStore) : objectStore.call(this, name)
  }
  restore.push(() => {
    IDBTransaction.prototype.objectStore = objectStore
  })
}

async function openWithLiveQuery(): Promise<string[][]> {
  db = new TijoriDB(NAME)
  await db.open()
  await db.config.put({ name: 'a', value: '1' })
  const seen: string[][] = []
  const sub = liveQuery(() => db.config.toArray()).subscribe({
    next: (rows) => seen.push(rows.map((r) => r.value)),
    error: (e: unknown) => seen.push([`error ${String(e)}`]),
  })
  unsubscribe = () => sub.unsubscribe()
  await expect.poll(() => seen.at(-1)).toEqual(['1'])
  return seen
}

for (const [how, lose] of [
  ['closed with a close event', closedWithEvent],
  ['closed without an event', closedSilently],
] as const) {
  it(`reads, writes and keeps live queries after the browser ${how} the connection`, async () => {
    const seen = await openWithLiveQuery()
    const before = db.backendDB()
    lose(before)
    expect(await db.config.get('a')).toEqual({ name: 'a', value: '1' })
    await db.config.put({ name: 'b', value: '2' })
    await db.transaction('rw', db.config, async () => {
      await db.config.put({ name: 'c', value: '3' })
    })
    await expect.poll(() => seen.at(-1)).toEqual(['1', '2', '3'])
    expect(seen.flat().some((v) => v.startsWith('error'))).toBe(false)
    expect(db.backendDB()).not.toBe(before)
  })
}

it('opens a new connection when Safari loses the old one, and live queries read again', async () => {
  const seen = await openWithLiveQuery()
  const before = db.backendDB()
  lostLikeSafari(before)
  // The request that meets the lost connection fails as "closed", not as an unknown error...
  await expect(db.config.get('a')).rejects.toMatchObject({ name: 'DatabaseClosedError' })
  // ...and the next ones run on a new connection.
  expect(await db.config.get('a')).toEqual({ name: 'a', value: '1' })
  expect(db.backendDB()).not.toBe(before)
  await db.config.put({ name: 'b', value: '2' })
  await expect.poll(() => seen.at(-1)).toEqual(['1', '2'])
  expect(seen.flat().some((v) => v.startsWith('error'))).toBe(false)
})

it('tells every live query to read again once reopened, so one that failed while down recovers', async () => {
  const seen = await openWithLiveQuery()
  lostLikeSafari(db.backendDB())
  // Another tab (or the server sync) wrote meanwhile through its own connection: no change
  // event reaches this one's live query, only the reopen does.
  const other = new Dexie(NAME)
  await other.open()
  await other.table('config').put({ name: 'b', value: '2' })
  other.close()
  await expect(db.config.count()).rejects.toMatchObject({ name: 'DatabaseClosedError' })
  await expect.poll(() => seen.at(-1)).toEqual(['1', '2'])
})

it('stays closed when the app closes it on purpose', async () => {
  await openWithLiveQuery()
  db.close()
  await expect(db.config.get('a')).rejects.toMatchObject({ name: 'DatabaseClosedError' })
  expect(db.isOpen()).toBe(false)
})
