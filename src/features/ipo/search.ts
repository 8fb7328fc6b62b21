/** The search params of the new-share routes, read the same way for IPOs and placements. */
import { IPO_TABS, type IpoTab } from './rules'

/** Optional, so a plain link opens the open tab. */
export type IssueListSearch = { tab?: IpoTab }

export function issueListSearch(search: Record<string, unknown>): IssueListSearch {
  const tab = IPO_TABS.find((name) => name === search.tab)
  return tab && tab !== 'open' ? { tab } : {}
}

export type IssueSearch = { id: number }

export function issueSearch(search: Record<string, unknown>): IssueSearch {
  const id = Number(search.id)
  return { id: Number.isSafeInteger(id) && id > 0 ? id : 0 }
}
