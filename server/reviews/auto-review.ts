/**
 * The demo's automatic reviewer (DESIGN.md section 2, profiles): it approves a review (identity,
 * withdrawal) config.autoReviewSeconds after it was sent, so one person can try every journey
 * alone. It decides through the same functions as a person in the back office, as the operator
 * 'demo', and the app says on screen that the demo approves automatically. Off in production.
 */
import { type ServerConfig } from '../config'
import { repeater } from '../plugins/repeat'
import { type Executor } from '../repositories/executor'
import { decideRealNameSubmission, pendingRealNameSubmissions } from '../repositories/identity'
import { decideWithdrawal, pendingWithdrawals } from '../repositories/withdrawals'

export const AUTO_REVIEW_OPERATOR = 'demo'
const AUTO_REVIEW_REASON = 'Approved automatically (demo).'

export type AutoReviewer = {
  /** Decides what has waited long enough at `now`; the number decided. */
  sweep(now: number): Promise<number>
  start(now: () => number, onError: (error: unknown) => void): void
  stop(): Promise<void>
}

export function createAutoReviewer(deps: { db: Executor; config: ServerConfig }): AutoReviewer {
  const { db, config } = deps
  let clock: () => number = Date.now

  async function sweep(now: number): Promise<number> {
    if (config.autoReviewSeconds === null) return 0
    const sentBy = now - config.autoReviewSeconds * 1000
    const decision = { approve: true, reason: AUTO_REVIEW_REASON, operator: AUTO_REVIEW_OPERATOR, now }
    let decided = 0
    for (const { id } of await pendingRealNameSubmissions(db, sentBy)) {
      if (await db.transaction().execute((trx) => decideRealNameSubmission(trx, { submissionId: id, ...decision }))) decided++
    }
    for (const { id } of await pendingWithdrawals(db, sentBy)) {
      if (await db.transaction().execute((trx) => decideWithdrawal(trx, { id, ...decision }))) decided++
    }
    return decided
  }

  const repeat = repeater(() => sweep(clock()))
  return {
    sweep,
    start(now, onError) {
      if (config.autoReviewSeconds === null) return
      clock = now
      repeat.start(config.autoReviewIntervalMs, onError)
    },
    stop: () => repeat.stop(),
  }
}
