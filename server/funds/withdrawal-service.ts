/**
 * Money out (issue 4, DESIGN.md section 4): a user's request, which freezes the amount under the
 * user's lock after every rule holds, and the review's decision, which pays it out or gives it
 * back. Each writes its row and its ledger entry in the caller's transaction; the rules are
 * rules.ts, the SQL withdrawal-repository.ts.
 */
import { checkWithdrawal, withdrawalDecisionEntry, withdrawalFreezeEntry } from './rules'
import { unauthorized } from '../plugins/envelope'
import { flagsOf } from '../accounts/flag-repository'
import { findUserById } from '../accounts/repository'
import { checkFundPassword } from '../accounts/fund-password-guard'
import { withdrawalCode } from '../totp/service'
import { totpInvalid } from '../totp/rules'
import { bankCardsOf } from '../identity/repository'
import { lockTrader, postEntry } from '../ledger/repository'
import { hasPendingWithdrawal, insertWithdrawal, markWithdrawalDecided, type Withdrawal } from './withdrawal-repository'
import { hasPendingRecharge } from './recharge-repository'
import { creditScoreOf } from '../loan/service'
import { type RouteDeps } from '../http/deps'
import { type Effect, type Tx } from '../db/executor'

type WithdrawalDeps = Pick<RouteDeps, 'db' | 'config' | 'now'>

/**
 * Checks what can be checked before any lock (the fund password's slow hash, the flags, the
 * cards) and returns the effect for the route's idempotent commit(): under the user's lock, with
 * the balance read after it, the rule check, the row and its freeze entry. Returning the effect
 * rather than taking commit keeps the service free of HTTP and the reply stored in the same
 * transaction as the freeze, so a retried request is answered from its key and never freezes twice.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  r: { userId: number; clientIp: string; amount: number; cardId: number; fundPassword: string; totpCode?: string | undefined },
): Promise<Effect<Withdrawal>> {
  const { db, config, now } = deps
  const { userId, amount, cardId } = r
  const user = await findUserById(db, userId)
  if (!user) throw unauthorized()
  // The slow hash is checked before any lock is taken.
  const fundPasswordOk =
    user.fund_password_hash !== null &&
    (await checkFundPassword(db, config, { userId, clientIp: r.clientIp, hash: user.fund_password_hash, password: r.fundPassword, now: now() }))
  // Two-step sign-in on: a code too, asked only of someone who knew the fund password, and used
  // up in the withdrawal's own transaction (a refused withdrawal leaves it unused).
  const code = fundPasswordOk ? await withdrawalCode(db, config, { userId, totpCode: r.totpCode, clientIp: r.clientIp, now: now() }) : null
  const minScore = config.loans.withdrawMinScore
  const [flags, cards, score] = await Promise.all([
    flagsOf(db, userId),
    bankCardsOf(db, userId),
    // The published threshold (withdraw_min_credit_score) against the score computed now; 0 turns it off.
    minScore > 0 ? creditScoreOf(db, userId, now(), config.loans) : Promise.resolve(undefined),
  ])
  return async (trx) => {
    // Under the user's lock, with the balance read after it: two requests cannot both spend it.
    const trader = await lockTrader(trx, userId)
    if (!trader) throw unauthorized()
    const refusal = checkWithdrawal({
      amount,
      noWithdraw: flags.no_withdraw ?? null,
      status: user.real_name_status,
      fundPasswordSet: user.fund_password_hash !== null,
      fundPasswordOk,
      ownCard: cards.some((c) => c.id === cardId),
      withdrawable: trader.available,
      // One fund operation under review at a time: a pending recharge counts too.
      otherPending: (await hasPendingWithdrawal(trx, userId)) || (await hasPendingRecharge(trx, userId)),
      ...(score ? { credit: { score: score.score, min: minScore } } : {}),
      rules: config.funds,
      now: now(),
    })
    if (refusal) throw refusal
    if (code && !(await code.consume(trx))) throw totpInvalid()
    const at = now()
    const row = await insertWithdrawal(trx, { userId, cardId, amount, now: at })
    await postEntry(trx, withdrawalFreezeEntry(userId, row.id, amount), at, { lockedUserIds: [userId] })
    return row
  }
}

/**
 * Decides a pending withdrawal: approved, the frozen amount is paid out; rejected, it is available
 * again. False when it is no longer pending: a second decision changes nothing.
 */
export async function decideWithdrawal(trx: Tx, d: { id: number; approve: boolean; reason: string | null; operator: string; now: number }): Promise<boolean> {
  const row = await markWithdrawalDecided(trx, d)
  if (!row) return false
  await postEntry(trx, withdrawalDecisionEntry(row.userId, d.id, row.amount, d.approve, d.operator), d.now)
  return true
}
