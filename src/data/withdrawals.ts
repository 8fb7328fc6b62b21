/**
 * Withdrawals (issue 4). Stored: db.meta `withdrawals:<account>` = the latest requests and their
 * reviews (/user/withdrawList). A request is sent at once and never queued: it carries the fund
 * password, which must not rest on the device, and money should not leave on a stale decision.
 */
import { type Withdrawal } from '../contract/replies'
import { call } from './api'
import { metaKeys } from './db'
import { refreshAccountList, refreshUserInfo } from './sync'

export type { Withdrawal }

/** `totpCode`: the authenticator's code (or a recovery code), required while two-step sign-in is on. */
export type WithdrawalInput = { amount: number; cardId: number; fundPassword: string; totpCode?: string }

export const withdrawalsKey = metaKeys.withdrawals

/** Fetches the requests into db.meta. Quiet offline. */
export async function refreshWithdrawals(opts: { fresh?: boolean } = {}): Promise<Withdrawal[] | undefined> {
  return refreshAccountList<Withdrawal[]>(withdrawalsKey, '/user/withdrawList', opts)
}

/**
 * Asks for a withdrawal; the amount is frozen until the review. One `idempotencyKey` per form
 * attempt. Throws ApiRefusal with the rule that refused, NetworkError offline.
 */
export async function requestWithdrawal(input: WithdrawalInput, idempotencyKey: string): Promise<Withdrawal> {
  const withdrawal = await call<Withdrawal>('/user/withdraw', input, { idempotencyKey, silent: true })
  await Promise.all([refreshWithdrawals({ fresh: true }), refreshUserInfo({ fresh: true })])
  return withdrawal
}
