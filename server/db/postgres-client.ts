/**
 * The PostgreSQL pool's connection (issue 14). It prepares each parameterised statement once, and
 * it sends what a transaction's statements do not wait for (its `begin`, statements marked
 * SENT_WITH_NEXT) with the statement after them, in one write under one Sync: one round trip for
 * several. On a loaded two-core machine a round trip cost an order batch about 1 ms, of the 6.5 ms
 * its five took.
 */
import pg from 'pg'
import { prepareValue } from 'pg/lib/utils.js'
import { SENT_WITH_NEXT } from './executor'
import { StatementNames } from './statement-names'

/** A statement sent ahead of another: the transaction's `begin` (unnamed), or one prepared on this connection. */
type Ahead = { text: string; name?: string; values?: unknown[] }

const BEGIN: Ahead = { text: 'begin' }

/** The parts of node-postgres's Query that a statement carrying others changes (untyped there). */
type WireQuery = {
  submit(connection: pg.Connection): Error | null
  handleDataRow(message: unknown): void
  handleCommandComplete(message: { text: string }, connection: pg.Connection): void
}
type WireQueryClass = new (
  config: pg.QueryConfig & { queryMode?: 'extended' },
  values: undefined,
  callback: (error: Error | undefined, result: pg.QueryResult) => void,
) => WireQuery

/**
 * A statement written after `ahead` with one Sync for all. PostgreSQL runs them in order; should one
 * ahead fail, it skips everything up to the Sync, so this statement fails with that error and never
 * runs without them (a commit never commits a transaction whose write failed).
 */
class SentAfter extends (pg.Query as unknown as WireQueryClass) {
  readonly #ahead: readonly Ahead[]
  /** Replies still to come for the statements ahead, which nobody reads. */
  #pending: number

  constructor(ahead: readonly Ahead[], config: pg.QueryConfig & { queryMode?: 'extended' }, callback: (error: Error | undefined, result: pg.QueryResult) => void) {
    super(config, undefined, callback)
    this.#ahead = ahead
    this.#pending = ahead.length
  }

  override submit(connection: pg.Connection): Error | null {
    const stream = connection.stream as { cork?: () => void; uncork?: () => void }
    stream.cork?.()
    try {
      for (const { text, name, values } of this.#ahead) {
        // Only the begin is parsed here: a statement ahead is prepared on this connection already,
        // so no Parse of ours can fail after node-postgres counted a ParseComplete as this one's.
        if (name === undefined) connection.parse({ text, name: '', types: [] }, true)
        connection.bind({ statement: name ?? '', values: (values ?? []) as string[], valueMapper: prepareValue }, true)
        connection.execute({}, true)
      }
      // Cannot fail here: this statement is prepared under its text, or the unnamed commit, with an array.
      return super.submit(connection)
    } finally {
      stream.uncork?.()
    }
  }

  override handleDataRow(message: unknown): void {
    if (this.#pending === 0) super.handleDataRow(message)
  }

  override handleCommandComplete(message: { text: string }, connection: pg.Connection): void {
    if (this.#pending === 0) super.handleCommandComplete(message, connection)
    else this.#pending--
  }
}

/** node-postgres's record of the statements a connection has prepared (untyped there). */
type Parsed = { parsedStatements: Record<string, string> }

/** What Kysely reads from a reply given without PostgreSQL's: to a held `begin` or statement, or a rollback of nothing sent. */
const answered = (command: string): Pick<pg.QueryResult, 'command' | 'rowCount' | 'rows' | 'fields'> => ({ command, rowCount: null, rows: [], fields: [] })
const BEGUN = answered('BEGIN')
const HELD = answered('')
const ROLLED_BACK = answered('ROLLBACK')

/**
 * A pool connection that prepares each parameterised statement once, under a name of its own, so
 * PostgreSQL parses it once per connection and can keep its plan: in an orders run, planning took
 * 4.4 s of the 11.6 s PostgreSQL spent on statements, and the session lookup was planned for 162 µs
 * to run for 35. Kysely sends every statement as (text, values).
 *
 * Inside a transaction, its `begin` and each SENT_WITH_NEXT statement prepared here already are held
 * and answered at once (no rows), then written ahead of the next statement prepared here, or of the
 * commit. Before any other statement they go one by one, as they would have; a rollback drops them.
 */
export class PreparingClient extends pg.Client {
  readonly #names = new StatementNames()
  /** Held for the next statement, in order: the transaction's begin, then statements whose replies nobody reads. */
  #ahead: Ahead[] = []
  /** Between a `begin` (held or sent) and the commit or rollback that ends its transaction. */
  #open = false

  // pg.Client's query() has a dozen overloads; this one names the (text, values) form and holds statements.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args
    const plain = args.length === 2 && typeof text === 'string' && Array.isArray(values)
    if (!plain) return this.#afterAhead(() => (super.query as (...rest: unknown[]) => unknown).apply(this, args))
    if (text === 'begin' && values.length === 0 && !this.#open) {
      this.#open = true
      this.#ahead.push(BEGIN)
      return Promise.resolve(BEGUN)
    }
    const name = values.length > 0 ? this.#names.nameOf(text)?.name : undefined
    const prepared = name !== undefined && (this.connection as unknown as Parsed).parsedStatements[name] === text
    if (this.#open && prepared && text.startsWith(SENT_WITH_NEXT)) {
      this.#ahead.push({ text, name, values })
      return Promise.resolve(HELD)
    }
    const commit = values.length === 0 && text === 'commit'
    if (values.length === 0 && text === 'rollback') {
      // What is held dies with the transaction; with its begin still held, nothing reached PostgreSQL.
      const begun = this.#ahead[0] !== BEGIN
      this.#open = false
      this.#ahead = []
      return begun ? super.query(text, values) : Promise.resolve(ROLLED_BACK)
    }
    if (commit) this.#open = false
    if (this.#ahead.length === 0 || !(prepared || commit)) {
      return this.#afterAhead(() => (name !== undefined ? super.query({ name, text, values }) : super.query(text, values)))
    }
    const ahead = this.#ahead
    this.#ahead = []
    const config = prepared ? { name, text, values } : { text, queryMode: 'extended' as const }
    return new Promise((resolve, reject) => {
      super.query(new SentAfter(ahead, config, (error, result) => (error ? reject(error) : resolve(result))))
    })
  }

  /** `send` after the held statements, each sent alone first (the statement cannot carry them). */
  async #afterAhead(send: () => unknown): Promise<unknown> {
    const ahead = this.#ahead
    this.#ahead = []
    for (const { text, name, values } of ahead) await (name !== undefined ? super.query({ name, text, values }) : super.query(text))
    return send()
  }
}
