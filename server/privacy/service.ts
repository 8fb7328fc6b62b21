/**
 * Account deletion (issue 13), the user's side and the review's: what the request page shows
 * (the latest request, what blocks one now, what the law keeps and until when), the request
 * (proved by the login password, refused while something blocks it), its cancellation, and the
 * decision the back office makes through the review queue 'deletion' (server/reviews/service.ts):
 * approved, the account is closed for good (repository.ts closeAccount).
 */
import { type DeletionInfo } from '../../src/contract/replies'
import { type ServerConfig } from '../config'
import { type Effect, type Executor, type Tx } from '../db/executor'
import { type RouteDeps } from '../http/deps'
import { unauthorized } from '../plugins/envelope'
import { findUserById, lockUsers } from '../accounts/repository'
import { verifyPassword } from '../accounts/password-hash'
import { passwordWrong } from '../accounts/rules'
import { checkSessionPassword } from '../accounts/guess-guard'
import { revokeSession } from '../accounts/session-repository'
import { type SessionRef } from '../accounts/service'
import { blockerFacts, cancelDeletionRequest, closeAccount, deletionReviews, insertDeletionRequest, latestDeletionRequest, markDeletionDecided, walletTotals } from './repository'
import { type ReviewItem } from '../../src/contract/admin-replies'
import { audit } from '../admin/audit-repository'
import { formatCurrency } from '../../src/lib/currency'
import { addYears, blockersOf, deletionBlocked, deletionNotPending, deletionPending, keepList } from './rules'

type PrivacyDeps = Pick<RouteDeps, 'db' | 'config' | 'sleep'>

/** The request page: the latest request, the blockers now, and what is kept until when (from the closure, or from now while open). */
export async function deletionInfo(db: Executor, config: ServerConfig, userId: number, now: number): Promise<DeletionInfo> {
  const user = await findUserById(db, userId)
  if (!user) throw unauthorized()
  const [request, facts] = await Promise.all([latestDeletionRequest(db, userId), blockerFacts(db, userId)])
  const keep =
    user.closed_at !== null && user.keep_financial_until !== null && user.keep_investment_until !== null
      ? [
          { record: 'financial' as const, years: config.privacy.financialYears, until: user.keep_financial_until },
          { record: 'investment' as const, years: config.privacy.investmentYears, until: user.keep_investment_until },
        ]
      : keepList(config.privacy, now)
  return { request: request ?? null, blockers: blockersOf(facts), keep }
}

/**
 * Asks to delete the account: the login password first (guess-limited like a password change),
 * then every blocker; the insert refuses deletion_pending if one waits (a race too: the index decides).
 */
export async function requestDeletion(deps: PrivacyDeps, session: SessionRef, r: { password: string; clientIp: string; now: number }): Promise<Effect<DeletionInfo>> {
  const { db, config } = deps
  const user = await findUserById(db, session.userId)
  if (!user) throw unauthorized()
  const right = await checkSessionPassword(deps, {
    key: `password:${user.id}`,
    clientIp: r.clientIp,
    now: r.now,
    verify: () => verifyPassword(user.password_hash, r.password),
    endSession: () => revokeSession(db, session.sessionId, r.now),
  })
  if (!right) throw passwordWrong()
  const latest = await latestDeletionRequest(db, user.id)
  if (latest?.status === 'pending') throw deletionPending()
  const [first] = blockersOf(await blockerFacts(db, user.id))
  if (first) throw deletionBlocked(first)
  return async (trx) => {
    const row = await insertDeletionRequest(trx, { userId: user.id, financialYears: config.privacy.financialYears, investmentYears: config.privacy.investmentYears, now: r.now })
    if (!row) throw deletionPending()
    return { request: row, blockers: [], keep: keepList(config.privacy, r.now) }
  }
}

/** Withdraws the pending request. */
export function cancelDeletion(deps: Pick<RouteDeps, 'db' | 'config'>, userId: number, now: number): Effect<DeletionInfo> {
  return async (trx) => {
    if (!(await cancelDeletionRequest(trx, userId, now))) throw deletionNotPending()
    return deletionInfo(trx, deps.config, userId, now)
  }
}

/**
 * The review's decision, in the review's transaction. Approval checks the blockers again (the
 * user may have traded since asking: deletion_blocked goes back to the operator and nothing
 * changes), then closes the account with the keep-until the user was shown the years of.
 */
export async function decideDeletion(trx: Tx, d: { id: number; approve: boolean; reason: string | null; operator: string; now: number }): Promise<boolean> {
  const decided = await markDeletionDecided(trx, d)
  if (!decided) return false
  if (!d.approve) return true
  // Under the user's lock, as every balance change takes it: nothing moves between the check and the closure.
  await lockUsers(trx, [decided.userId])
  const [first] = blockersOf(await blockerFacts(trx, decided.userId))
  if (first) throw deletionBlocked(first)
  const keep = { keepFinancialUntil: addYears(d.now, decided.financialYears), keepInvestmentUntil: addYears(d.now, decided.investmentYears) }
  await closeAccount(trx, { userId: decided.userId, ...keep, now: d.now })
  // The closure and what it keeps until when, beside the review's own row (same transaction).
  await audit(trx, { operator: d.operator, action: 'account_closed', userId: decided.userId, subject: `deletion:${d.id}`, detail: keep, now: d.now })
  return true
}

/**
 * The deletion queue as the operator sees it: the wallets (which must be empty), what blocks the
 * closure now, the retention years the user was shown, and once closed, until when the kept records stay.
 */
export async function deletionReviewItems(db: Executor, q: { status: 'pending' | 'approved' | 'rejected'; limit: number }): Promise<ReviewItem[]> {
  const rows = await deletionReviews(db, q)
  return Promise.all(
    rows.map(async ({ financial_years, investment_years, closed_at, keep_financial_until, keep_investment_until, ...item }) => {
      const [wallets, facts] = await Promise.all([walletTotals(db, item.userId), blockerFacts(db, item.userId)])
      const inr = wallets.find((w) => w.currency === 'INR')
      return {
        ...item,
        status: item.status === 'cancelled' ? 'rejected' : item.status,
        facts: {
          availablePaise: inr?.available ?? 0,
          frozenPaise: inr?.frozen ?? 0,
          // As money ("$12.34"), not minor units: the operator reads it.
          otherWallets: wallets.filter((w) => w.currency !== 'INR' && (w.available !== 0 || w.frozen !== 0)).map((w) => formatCurrency(w.available + w.frozen, w.currency)).join(', ') || null,
          blockers: blockersOf(facts).join(', ') || null,
          financialYears: financial_years,
          investmentYears: investment_years,
          // Set at the closure (approval day plus the years); null until then.
          closedAt: closed_at === null ? null : new Date(closed_at).toISOString(),
          financialKeptUntil: keep_financial_until === null ? null : new Date(keep_financial_until).toISOString(),
          investmentKeptUntil: keep_investment_until === null ? null : new Date(keep_investment_until).toISOString(),
        },
        evidence: [],
      }
    }),
  )
}
