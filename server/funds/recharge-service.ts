/**
 * Money in (issue 4, DESIGN.md section 4): a user's request for a deposit to be credited, checked
 * under the user's lock, and the review's decision, which credits it (one ledger entry) or not.
 * The rules are recharge-rules.ts and rules.ts, the SQL recharge-repository.ts.
 */
import { checkRechargeRequest } from './recharge-rules'
import { rechargeCreditEntry } from './rules'
import { unauthorized } from '../plugins/envelope'
import { findUserById, lockUsers } from '../accounts/repository'
import { postEntry } from '../ledger/repository'
import { hasPendingRecharge, insertRecharge, isOwnReceipt, markRechargeDecided, receiptInUse, type Recharge } from './recharge-repository'
import { hasPendingWithdrawal } from './withdrawal-repository'
import { type ServerConfig } from '../config'
import { type Tx } from '../db/executor'

/**
 * Records the request for review in the caller's transaction (the route's idempotent commit()),
 * after every rule holds under the user's lock. No money moves until the review approves.
 */
export async function requestRecharge(
  trx: Tx,
  deps: { config: ServerConfig; now: () => number },
  r: { userId: number; channel: string; amount: number; receiptUploadId: number },
): Promise<Recharge> {
  const { config, now } = deps
  const { userId, channel, amount, receiptUploadId } = r
  // Under the user's lock, like a withdrawal: a recharge and a withdrawal sent at once cannot
  // both find nothing pending.
  await lockUsers(trx, [userId])
  const user = await findUserById(trx, userId)
  if (!user) throw unauthorized()
  // Scoped by the user: another user's upload is "not found", never used.
  const receiptOwn = await isOwnReceipt(trx, userId, receiptUploadId)
  const receiptUsed = await receiptInUse(trx, receiptUploadId)
  const otherPending = (await hasPendingRecharge(trx, userId)) || (await hasPendingWithdrawal(trx, userId))
  const refusal = checkRechargeRequest({
    channel,
    channels: config.rechargeChannels,
    amount,
    status: user.real_name_status,
    receiptUploadId,
    receiptOwn,
    receiptUsed,
    otherPending,
    rules: config.funds,
    now: now(),
  })
  if (refusal) throw refusal
  return insertRecharge(trx, { userId, channel, amount, receiptUploadId, now: now() })
}

/**
 * Decides a pending recharge: approved, its amount is credited to the user's available cash (one
 * ledger entry); rejected, nothing moves and the reason is what the user sees. False when it is no
 * longer pending: a second decision changes nothing, so a recharge is credited at most once.
 */
export async function decideRecharge(trx: Tx, d: { id: number; approve: boolean; reason: string | null; operator: string; now: number }): Promise<boolean> {
  const row = await markRechargeDecided(trx, d)
  if (!row) return false
  if (d.approve) await postEntry(trx, rechargeCreditEntry(row.userId, d.id, row.amount, d.operator), d.now)
  return true
}
