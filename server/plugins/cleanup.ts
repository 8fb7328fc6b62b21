/**
 * Periodic purge of rows that have served their purpose: expired idempotency keys, login
 * failures, registrations and new guest support threads older than their rate-limit windows, sessions dead for 30 days. Safe to run in several
 * processes at once: each statement only deletes what is already dead. The jobs registry runs it
 * as the job 'cleanup' every config.cleanupIntervalMs.
 */
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { purgeExpiredKeys } from './idempotency-repository'
import { purgeOldFailures, purgeOldFromAddress } from '../accounts/guess-limit-repository'
import { GUEST_WINDOW_MS } from '../support/rules'
import { purgeDeadSessions } from '../accounts/session-repository'

const DEAD_SESSION_KEEP_MS = 30 * 24 * 3600 * 1000

type Deps = { db: Executor; now: () => number; config: ServerConfig }

export async function purgeExpired(deps: Deps): Promise<{ keys: number; failures: number; registrations: number; guestThreads: number; sessions: number }> {
  const now = deps.now()
  return {
    keys: await purgeExpiredKeys(deps.db, now),
    failures: await purgeOldFailures(deps.db, now - deps.config.loginWindowSeconds * 1000),
    registrations: await purgeOldFromAddress(deps.db, 'registration_attempts', now - deps.config.registrationWindowSeconds * 1000),
    guestThreads: await purgeOldFromAddress(deps.db, 'support_guest_creations', now - GUEST_WINDOW_MS),
    sessions: await purgeDeadSessions(deps.db, now, DEAD_SESSION_KEEP_MS),
  }
}
