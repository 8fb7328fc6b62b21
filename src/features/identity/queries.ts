/** Reads of the identity and bank-card screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { readMeta, type OutboxItem } from '../../data/db'
import { restoreAccountMeta } from '../../data/metaValues'
import { bankCardsKey, realNameKey, type BankCard, type StoredRealName } from '../../data/identity'
import { pendingItems } from '../../data/outbox'

/** The stored identity status: undefined while reading, null when never fetched on this device. */
export function useRealName(account: string | null | undefined): StoredRealName | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(realNameKey(account), restoreAccountMeta.realName) : null), [account])
}

export function useBankCards(account: string | null | undefined): BankCard[] | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(bankCardsKey(account), restoreAccountMeta.bankCards) : null), [account])
}

/** Cards added on this device that the server has not taken yet (PENDING_STATES, refused ones too). */
export function useQueuedCards(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ['card.add']) : []), [account])
}
