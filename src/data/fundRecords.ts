/**
 * The account's fund records (ledger entries as changes to its pockets), read through into
 * db.fundEntries. Entries never change once written, so pages are merged, not replaced: the
 * pages of a tab (/fund/records {kind}) land in the same table, and a tab reads the stored rows
 * through the same reason rule the server uses (src/lib/fundKinds.ts), online or not.
 * The CSV exports (/fund/export) are fetched as files and not stored.
 */
import { Dexie } from 'dexie'
import { type FundRecord } from '../contract/replies'
import { indiaDay } from '../lib/dates'
import { type FundKind, inFundKind } from '../lib/fundKinds'
import { call, download } from './api'
import { db, metaKeys, type FundRecordRow } from './db'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'

const DEFAULT_PAGE_SIZE = 100
/** The first pages only: older entries are a scroll the screen asks for (refreshFundRecordsPage). */
const FIRST_PAGES = 1

export type { FundKind }

/** The refresh key of the account's records (`all`) or of one tab's. */
export function fundRecordsKey(account: string, kind: FundKind = 'all'): string {
  return metaKeys.fundRecords(account, kind)
}

/** The account's records of tab `kind`, newest first, for useLiveQuery. */
export function fundRecordsQuery(account: string, kind: FundKind = 'all') {
  const all = db.fundEntries
    .where('[account+createdAt]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .reverse()
  return kind === 'all' ? all : all.filter((row) => inFundKind(kind, row.reason))
}

async function pageSize(): Promise<number> {
  const value = Number((await db.config.get('order_page_max'))?.value)
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_PAGE_SIZE
}

async function fetchPage(account: string, page: number, kind: FundKind = 'all'): Promise<{ total: number }> {
  const reply = await call<{ data: FundRecord[]; total: number }>('/fund/records', { kind, page, size: await pageSize() })
  if (getSession()?.account === account) {
    await db.fundEntries.bulkPut(reply.data.map((row): FundRecordRow => ({ ...row, account })))
  }
  return { total: reply.total }
}

/**
 * Fetches page `page` (1-based, newest first) of tab `kind` into db.fundEntries; resolves with
 * the tab's total, or undefined when signed out or offline.
 */
export async function refreshFundRecordsPage(page: number, kind: FundKind = 'all'): Promise<{ total: number } | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  return offlineIsFine(refresh(`${fundRecordsKey(account, kind)}:${page}`, () => fetchPage(account, page, kind)))
}

/** Fetches the newest records of the signed-in account (of tab `kind`); the tab's total. Quiet offline. */
export async function refreshFundRecords(kind: FundKind = 'all'): Promise<{ total: number } | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  return offlineIsFine(
    refresh(fundRecordsKey(account, kind), async () => {
      const size = await pageSize()
      let total = 0
      for (let page = 1; page <= FIRST_PAGES; page++) {
        total = (await fetchPage(account, page, kind)).total
        if (page * size >= total) break
      }
      return { total }
    }),
  )
}

export type ExportFile = { blob: Blob; fileName: string }

/**
 * The whole ledger (`ledger`) or every order (`orders`) of the signed-in account as CSV, named
 * tijori-<what>-<India day>.csv. Needs the network: NetworkError offline, ApiRefusal if refused.
 */
export async function exportCsv(what: 'ledger' | 'orders'): Promise<ExportFile> {
  const blob = await download('/fund/export', { kind: what })
  return { blob, fileName: `tijori-${what}-${indiaDay(Date.now())}.csv` }
}
