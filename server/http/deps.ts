/** What every route plugin is given by buildApp. */
import { type ServerConfig } from '../config'
import { type DatabaseKind } from '../db/index'
import { type MarketFeed } from '../market/feed'
import { type RunIdempotent } from '../plugins/idempotency'
import { type Executor } from '../db/executor'

export type RouteDeps = {
  db: Executor
  dbKind: DatabaseKind
  config: ServerConfig
  now: () => number
  /** Waits before a slowed-down sign-in checks the password (AppDeps.sleep). */
  sleep: (ms: number) => Promise<void>
  runIdempotent: RunIdempotent
  market: MarketFeed
}
