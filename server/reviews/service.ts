/**
 * The review queues the back office works through (DESIGN.md section 4, reviews), one entry per
 * kind: how to list a queue with its evidence, and how to decide one request. A decision goes
 * through the same path whoever makes it (a person, or the demo's automatic reviewer): the
 * request's own decide (identity's, or the funds services', with its ledger entry) and the audit
 * row, in one transaction. The SQL is repository.ts. A later kind (loans, dividend
 * applications) is one more entry here; nothing can set a balance or an outcome directly.
 */
import { decideRealNameSubmission } from '../identity/repository'
import { type Executor, type Tx } from '../db/executor'
import { type ReviewItem } from '../../src/contract/admin-replies'
import { audit } from '../admin/audit-repository'
import { addInboxMessage } from '../inbox/repository'
import { reviewLink } from '../inbox/links'
import { decideWithdrawal } from '../funds/withdrawal-service'
import { rechargeReviews } from '../funds/recharge-repository'
import { decideRecharge } from '../funds/recharge-service'
import { dividendReviews } from '../dividends/repository'
import { decideDividendApplication } from '../dividends/service'
import { creditReviews, loanReviews } from '../loan/repository'
import { decideCredit, decideLoan } from '../loan/service'
import { decideDeletion, deletionReviewItems } from '../privacy/service'
import {
  countPending as countPendingIn,
  ownerOf,
  pendingSince as pendingSinceIn,
  realNameReviews,
  withdrawalReviews,
  type ReviewStatus,
  type ReviewTable,
} from './repository'

export { type ReviewStatus, type ReviewTable } from './repository'

/** One request as an operator sees it: who, when, what was asked, and the pictures sent with it (the contract's). */
export type { ReviewItem }

export type Decision = { id: number; approve: boolean; reason: string | null; operator: string; now: number }

export type ReviewQueue = {
  /** The title the back office shows. */
  title: string
  list(db: Executor, q: { status: ReviewStatus; limit: number }): Promise<ReviewItem[]>
  /** Where the requests are: every such table has id, user_id, status and created_at. */
  table: ReviewTable
  /** False when the request is no longer pending: it is decided once. */
  decide(trx: Tx, d: Decision): Promise<boolean>
  /** Only a person decides it: the demo's automatic reviewer leaves it alone (closing an account cannot be undone). */
  peopleOnly?: true
}

const realName: ReviewQueue = {
  title: 'Real-name verification',
  async list(db, q) {
    const rows = await realNameReviews(db, q)
    return rows.map(({ name, id_number, pan, front_upload_id, back_upload_id, ...item }) => ({
      ...item,
      facts: { name, idNumber: id_number, pan },
      evidence: [front_upload_id, back_upload_id],
    }))
  },
  table: 'real_name_submissions',
  decide: (trx, d) => decideRealNameSubmission(trx, { submissionId: d.id, approve: d.approve, reason: d.reason, operator: d.operator, now: d.now }),
}

const withdrawal: ReviewQueue = {
  title: 'Withdrawals',
  async list(db, q) {
    const rows = await withdrawalReviews(db, q)
    return rows.map(({ amount, real_name, holder, account_number, ifsc, bank, branch, ...item }) => ({
      ...item,
      facts: { amountPaise: amount, verifiedName: real_name, holder, accountNumber: account_number, ifsc, bank, branch },
      evidence: [],
    }))
  },
  table: 'withdrawals',
  decide: (trx, d) => decideWithdrawal(trx, d),
}

const recharge: ReviewQueue = {
  title: 'Deposits',
  async list(db, q) {
    const rows = await rechargeReviews(db, q)
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      account: r.account,
      status: r.status,
      reason: r.reason,
      decidedBy: r.decidedBy,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
      facts: {
        amountPaise: r.amount,
        channel: r.channel,
        verifiedName: r.realName,
        receiptSha256: r.receiptSha256,
        // A receipt whose bytes came with another deposit too: look before crediting twice.
        sameReceiptInRecharges: r.sameReceiptRechargeIds.length > 0 ? r.sameReceiptRechargeIds.join(', ') : null,
      },
      evidence: [r.receiptUploadId],
    }))
  },
  table: 'recharges',
  decide: (trx, d) => decideRecharge(trx, d),
}

const dividend: ReviewQueue = {
  title: 'Dividend applications',
  async list(db, q) {
    const rows = await dividendReviews(db, q)
    return rows.map(({ symbol, ex_day, per_share, shares, amount, order_id, ...item }) => ({
      ...item,
      // The arithmetic, for checking: the amount is the feed's per share times the shares held, never set here.
      facts: { symbol, exDay: ex_day, perSharePaise: per_share, shares, amountPaise: amount, position: order_id },
      evidence: [],
    }))
  },
  table: 'dividend_applications',
  decide: (trx, d) => decideDividendApplication(trx, d),
}

const loan: ReviewQueue = {
  title: 'Loans',
  async list(db, q) {
    const rows = await loanReviews(db, q)
    return rows.map(({ amount, daily_rate_per_lakh, term_days, score, borrowable, status, ...item }) => ({
      ...item,
      // A loan paid out is approved whatever happened to it since (repaid, cancelled in its free first day).
      status: status === 'pending' || status === 'rejected' ? status : 'approved',
      // The terms and the score were fixed at the application; the review approves or rejects them as they are.
      facts: { amountPaise: amount, dailyRatePerLakh: daily_rate_per_lakh, termDays: term_days, score, borrowablePaise: borrowable },
      evidence: [],
    }))
  },
  table: 'loans',
  decide: (trx, d) => decideLoan(trx, d),
}

const credit: ReviewQueue = {
  title: 'Credit requests',
  async list(db, q) {
    const rows = await creditReviews(db, q)
    return rows.map(({ amount, granted, ...item }) => ({ ...item, facts: { amountPaise: amount, grantedBeforePaise: Number(granted) }, evidence: [] }))
  },
  table: 'credit_requests',
  decide: (trx, d) => decideCredit(trx, d),
}

const deletion: ReviewQueue = {
  title: 'Account deletions',
  list: (db, q) => deletionReviewItems(db, q),
  table: 'deletion_requests',
  decide: (trx, d) => decideDeletion(trx, d),
  peopleOnly: true,
}

export const REVIEW_QUEUES = { real_name: realName, withdrawal, recharge, dividend, loan, credit, deletion } as const satisfies Record<string, ReviewQueue>
export type ReviewKind = keyof typeof REVIEW_QUEUES
export const REVIEW_KINDS = Object.keys(REVIEW_QUEUES) as ReviewKind[]

/** Requests of `kind` pending since at or before `sentBy`, oldest first (the demo's automatic reviewer). */
export async function pendingSince(db: Executor, kind: ReviewKind, sentBy: number): Promise<{ id: number }[]> {
  return pendingSinceIn(db, REVIEW_QUEUES[kind].table, sentBy)
}

/** How many requests of `kind` wait for a decision. */
export async function countPending(db: Executor, kind: ReviewKind): Promise<number> {
  return countPendingIn(db, REVIEW_QUEUES[kind].table)
}

export function isReviewKind(kind: string): kind is ReviewKind {
  return Object.hasOwn(REVIEW_QUEUES, kind)
}

/**
 * Decides one request, tells its owner (an inbox row, review_decided) and records who did it, in
 * one transaction. Undefined when there is no such request; false when it was already decided
 * (nothing changes, nothing is logged, nobody is told).
 */
export async function decideAndAudit(db: Executor, kind: ReviewKind, d: Decision): Promise<boolean | undefined> {
  const queue: ReviewQueue = REVIEW_QUEUES[kind]
  return db.transaction().execute(async (trx) => {
    const userId = await ownerOf(trx, queue.table, d.id)
    if (userId === undefined) return undefined
    if (!(await queue.decide(trx, d))) return false
    // The owner is told, whichever queue and whoever decided: one place for every queue.
    await addInboxMessage(trx, {
      userId,
      kind: 'review_decided',
      params: { queue: kind, requestId: d.id, approved: d.approve, reason: d.reason },
      link: reviewLink(kind),
      now: d.now,
    })
    await audit(trx, {
      operator: d.operator,
      action: d.approve ? 'review_approved' : 'review_rejected',
      userId,
      subject: `${kind}:${d.id}`,
      detail: { reason: d.reason },
      now: d.now,
    })
    return true
  })
}
