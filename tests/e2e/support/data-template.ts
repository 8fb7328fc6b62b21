/**
 * One data folder made per browser-test run (vite.config.ts: globalSetup) and copied for each
 * file's server (support/server.ts), instead of every file's server making a year of simulated
 * market history on an empty store (6.8 s of its 14.5 s start, issue 14).
 *
 * It holds what start() makes before it serves, with the browser tests' settings (demo profile,
 * the demo operator): migrations, the seed, the market's days up to now. Jobs and the app never
 * run on it. Each server started from a copy still runs every one of those steps: the ones
 * already done find nothing to do, and the market catches up from the template's time to now.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type TestProject } from 'vitest/node'
import { loadConfig } from '../../../server/config'
import { openDatabase } from '../../../server/db/index'
import { migrateToLatest } from '../../../server/db/migrate'
import { DEMO_OPERATOR, seedFirstOperator, seedIfEmpty } from '../../../server/db/seed'
import { createMarketFeed } from '../../../server/market/live-feed'

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    e2eDataTemplate: string
  }
}

/** A data folder (DATA_DIR layout: pglite/ inside) prepared as a first start would. */
export async function makeDataTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tijori-e2e-template-'))
  const config = loadConfig('demo')
  const database = await openDatabase({ dataDir: join(dir, 'pglite') })
  try {
    await migrateToLatest(database)
    await seedIfEmpty(database.db, config, Date.now())
    await seedFirstOperator(database.db, DEMO_OPERATOR, Date.now())
    const market = createMarketFeed({ db: database.db, config })
    await market.prepare(Date.now())
    await market.close()
  } finally {
    await database.close()
  }
  return dir
}

/** vitest globalSetup of the e2e project: make the template, hand its path to the test files. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await makeDataTemplate()
  project.provide('e2eDataTemplate', dir)
  return () => rm(dir, { recursive: true, force: true })
}
