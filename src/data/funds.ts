/**
 * The account's fund records (ledger entries as changes to its pockets), read through into
 * db.fundRecords. Entries never change once written, so pages are merged, not replaced.
 */
import { Dexie } from 'dexie'
import { call } from './api'
import { db, type FundRecordRow } from './db'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'

const DEFAULT_PAGE_SIZE = 100
/** The first pages only: older entries are a scroll the screen asks for (refreshFundRecordsPage). */
const FIRST_PAGES = 1

export function fundRecordsKey(account: string): string {
  return `funds:${account}`
}

/** The account's records, newest first, for useLiveQuery. */
export function fundRecordsQuery(account: string) {
  return db.fundRecords
    .where('[account+createdAt]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .reverse()
}

async function pageSize(): Promise<number> {
  const value = Number((await db.config.get('order_page_max'))?.value)
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_PAGE_SIZE
}

type RecordDto = Omit<FundRecordRow, 'account'>

async function fetchPage(account: string, page: number): Promise<{ total: number }> {
  const reply = await call<{ data: RecordDto[]; total: number }>('/fund/records', { kind: 'all', page, size: await pageSize() })
  if (getSession()?.account === account) {
    await db.fundRecords.bulkPut(reply.data.map((row): FundRecordRow => ({ ...row, account })))
  }
  return { total: reply.total }
}

/**
 * Fetches page `page` (1-based, newest first) into db.fundRecords; resolves with the total, or
 * undefined when signed out or offline.
 */
export async function refreshFundRecordsPage(page: number): Promise<{ total: number } | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  return offlineIsFine(refresh(`${fundRecordsKey(account)}:${page}`, () => fetchPage(account, page)))
}

/** Fetches the newest records of the signed-in account. Quiet offline. */
export async function refreshFundRecords(): Promise<void> {
  const account = getSession()?.account
  if (!account) return
  await offlineIsFine(
    refresh(fundRecordsKey(account), async () => {
      const size = await pageSize()
      for (let page = 1; page <= FIRST_PAGES; page++) {
        const { total } = await fetchPage(account, page)
        if (page * size >= total) break
      }
    }),
  )
}
