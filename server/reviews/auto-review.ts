/**
 * The demo's automatic reviewer (DESIGN.md section 2, profiles): it approves every queue's
 * requests config.autoReviewSeconds after they were sent, so one person can try every journey
 * alone. It decides through the same path as a person in the back office (decideAndAudit), as
 * the operator 'demo', so its decisions are in the audit log too; the app says on screen that the
 * demo approves automatically. Off in production.
 */
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { REVIEW_KINDS, REVIEW_QUEUES, decideAndAudit, pendingSince } from './service'

export const AUTO_REVIEW_OPERATOR = 'demo'
const AUTO_REVIEW_REASON = 'Approved automatically (demo).'

export type AutoReviewer = {
  /** Decides what has waited long enough at `now`; the number decided. */
  sweep(now: number): Promise<number>
  /** How often the registry sweeps (the job 'reviews'); 0 when reviews are people's (production). */
  intervalMs: number
}

export function createAutoReviewer(deps: { db: Executor; config: ServerConfig }): AutoReviewer {
  const { db, config } = deps

  async function sweep(now: number): Promise<number> {
    if (config.autoReviewSeconds === null) return 0
    const sentBy = now - config.autoReviewSeconds * 1000
    let decided = 0
    for (const kind of REVIEW_KINDS) {
      // An account deletion waits for a person, in the demo too (anyone could close the shared demo account).
      const queue: { peopleOnly?: true } = REVIEW_QUEUES[kind]
      if (queue.peopleOnly) continue
      for (const { id } of await pendingSince(db, kind, sentBy)) {
        const done = await decideAndAudit(db, kind, { id, approve: true, reason: AUTO_REVIEW_REASON, operator: AUTO_REVIEW_OPERATOR, now })
        if (done) decided++
      }
    }
    return decided
  }

  return { sweep, intervalMs: config.autoReviewSeconds === null ? 0 : config.autoReviewIntervalMs }
}
