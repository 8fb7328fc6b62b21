/**
 * Accounts as the back office works them: find a user, look at one (the looking is audited), and
 * set or clear a flag with its reason, the sessions it ends and its audit row in one transaction.
 */
import { audit } from '../admin/audit-repository'
import { type Executor } from '../db/executor'
import { walletsOf } from '../funds/exchange-repository'
import { fundRecordsOf } from '../funds/record-repository'
import { bankCardsOf } from '../identity/repository'
import { listOrdersOfUser } from '../trade/repository'
import { clearFlag, flagsOf, setFlag } from './flag-repository'
import { findUserById } from './repository'
import { SIGN_OUT_FLAGS, type AccountFlag } from './rules'
import { revokeAllSessions } from './session-repository'

/** A user with everything the back office shows about them, or undefined when there is none. */
export async function userDetail(db: Executor, v: { userId: number; operator: string; now: number; limit: number }) {
  const { userId, limit } = v
  const user = await findUserById(db, userId)
  if (!user) return undefined
  const [flags, cards, ledger, orders, balances] = await Promise.all([
    flagsOf(db, userId),
    bankCardsOf(db, userId),
    fundRecordsOf(db, userId, undefined, { limit, offset: 0 }),
    listOrdersOfUser(db, userId, {}, { limit, offset: 0 }),
    walletsOf(db, userId),
  ])
  // Looking at a person's money is itself an action worth recording.
  await audit(db, { operator: v.operator, action: 'user_viewed', userId, now: v.now })
  return {
    id: user.id,
    account: user.account,
    createdAt: user.created_at,
    realNameStatus: user.real_name_status,
    realName: user.real_name,
    realNameReason: user.real_name_reason,
    fundPasswordSet: user.fund_password_hash !== null,
    marginTrading: user.margin_trading,
    flags,
    balances: balances.filter((b) => b.currency === 'INR' || b.available !== 0 || b.frozen !== 0),
    cards,
    ledger: ledger.data,
    orders: orders.rows.map((o) => ({
      id: o.id,
      orderNo: o.order_no,
      symbol: o.symbol,
      direction: o.direction,
      type: o.type,
      lots: o.lots,
      leverage: o.leverage,
      status: o.status,
      margin: o.margin,
      pnl: o.pnl,
      createdAt: o.created_at,
    })),
  }
}

/**
 * Sets (`on`) or clears one flag with the reason; setting one of SIGN_OUT_FLAGS ends the user's
 * sessions. False when there is no such user.
 */
export async function changeFlag(db: Executor, c: { userId: number; flag: AccountFlag; on: boolean; reason: string; operator: string; now: number }): Promise<boolean> {
  const { userId, flag, on, reason, operator, now } = c
  if (!(await findUserById(db, userId))) return false
  await db.transaction().execute(async (trx) => {
    if (on) {
      await setFlag(trx, { userId, flag, reason, setBy: operator, now })
      if (SIGN_OUT_FLAGS.includes(flag)) await revokeAllSessions(trx, userId, now)
    } else {
      await clearFlag(trx, userId, flag)
    }
    await audit(trx, { operator, action: on ? 'flag_set' : 'flag_cleared', userId, subject: `flag:${flag}`, detail: { reason }, now })
  })
  return true
}
