/**
 * The server's published rules and site settings (/common/config), kept in db.config as
 * {name, value} rows (values are strings) and in memory for synchronous reads at boot (site title
 * and icon); screens read db.config with useLiveQuery.
 * The app cannot start without them: first start needs the network, later starts use the copy.
 */
import { type ConfigName } from '../contract/config'
import { call } from './api'
import { db, type ConfigRow } from './db'
import { refresh } from './sync'

/** Neither the server nor a stored copy could give the config: the app cannot start. */
export class BootError extends Error {
  override readonly name = 'BootError'
  constructor(cause: unknown) {
    super('the configuration could not be loaded from the server or from this device', { cause })
  }
}

/**
 * With a stored copy, how long start-up waits for the server before it starts from the copy: a
 * weak signal must not hold the first screen for the whole request timeout. A late answer still
 * replaces the copy.
 */
const WAIT_WITH_COPY_MS = 2500

let values = new Map<string, string>()

function remember(rows: readonly ConfigRow[]): void {
  values = new Map(rows.map((row) => [row.name, row.value]))
}

/** Fetches the config and replaces the stored copy with it. */
function fetchConfig(): Promise<ConfigRow[]> {
  return refresh('config', async () => {
    const fetched = await call<ConfigRow[]>('/common/config', {}, { silent: true })
    const clean = fetched.map(({ name, value }) => ({ name: String(name), value: String(value) }))
    // Replace, not merge: a rule the server stopped publishing must not linger.
    await db.transaction('rw', db.config, async () => {
      await db.config.clear()
      await db.config.bulkPut(clean)
    })
    return clean
  })
}

/**
 * Loads the config for start-up: from the server, or from the stored copy when the server
 * cannot be reached or (with a copy) does not answer within WAIT_WITH_COPY_MS. Resolves with
 * where the values came from; throws BootError when there is neither.
 */
export async function loadConfig({ waitWithCopyMs = WAIT_WITH_COPY_MS } = {}): Promise<'network' | 'cache'> {
  const fetching = fetchConfig()
  // Handled at once: offline, the fetch can fail before the stored copy is read, and a rejection
  // left without a handler until then is reported as the page's uncaught error.
  fetching.catch(() => undefined)
  const cached = await db.config.toArray()
  if (cached.length === 0) {
    try {
      remember(await fetching)
      return 'network'
    } catch (error) {
      throw new BootError(error)
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const fresh = await Promise.race([
    fetching.catch(() => null),
    new Promise<null>((resolve) => (timer = setTimeout(resolve, waitWithCopyMs, null))),
  ])
  clearTimeout(timer)
  if (fresh) {
    remember(fresh)
    return 'network'
  }
  remember(cached)
  fetching.then(remember, () => undefined)
  return 'cache'
}

export function getConfigValue(name: ConfigName): string | undefined {
  return values.get(name)
}

/** A numeric rule such as password_min; `fallback` when absent or not a number. */
export function getConfigNumber(name: ConfigName, fallback: number): number {
  const raw = values.get(name)
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  return Number.isFinite(n) ? n : fallback
}
