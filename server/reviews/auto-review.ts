/**
 * The demo's automatic reviewer (DESIGN.md section 2, profiles): it approves every queue's
 * requests config.autoReviewSeconds after they were sent, so one person can try every journey
 * alone. It decides through the same path as a person in the back office (decideAndAudit), as
 * the operator 'demo', so its decisions are in the audit log too; the app says on screen that the
 * demo approves automatically. Off in production.
 */
import { type ServerConfig } from '../config'
import { repeater } from '../plugins/repeat'
import { type Executor } from '../repositories/executor'
import { REVIEW_KINDS, decideAndAudit, pendingSince } from './queues'

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
    let decided = 0
    for (const kind of REVIEW_KINDS) {
      for (const { id } of await pendingSince(db, kind, sentBy)) {
        const done = await decideAndAudit(db, kind, { id, approve: true, reason: AUTO_REVIEW_REASON, operator: AUTO_REVIEW_OPERATOR, now })
        if (done) decided++
      }
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
