/**
 * PGlite's statements, sent as one protocol message each and prepared once (issue 14).
 *
 * PGlite's own query() makes six calls into its PostgreSQL for a statement (parse, describe the
 * statement, bind, describe the portal, execute, sync) and has it parsed and planned every time: an
 * empty `begin` cost 340 µs and the order batch's statement 4.2 ms in an orders run. Here a
 * statement is one message, and each text is parsed once under a name of its own, as the
 * PostgreSQL pool's connections do (PreparingClient in ./index.ts), so PostgreSQL can keep its plan.
 *
 * Values are sent as node-postgres sends them to PostgreSQL, so both databases see the same text
 * for the same value; PostgreSQL infers each parameter's type from the statement. The messages are
 * written by node-postgres's serializer (pg-protocol), on Buffers: PGlite's own copy of it, built for
 * browsers, took 7% of the server's CPU in an orders run, most of it the Bind of an order batch.
 * Replies are read here too (toResults), not by PGlite's parse.parseResults.
 */
import { types, type ExecProtocolResult, type PGlite, type ParserOptions, type Results, type protocol } from '@electric-sql/pglite'
import { serialize } from 'pg-protocol'
import { StatementNames } from './statement-names'

type BackendMessage = ExecProtocolResult['messages'][number]
type RowDescriptionMessage = InstanceType<typeof protocol.messages.RowDescriptionMessage>
type DataRowMessage = InstanceType<typeof protocol.messages.DataRowMessage>
type CommandCompleteMessage = InstanceType<typeof protocol.messages.CommandCompleteMessage>

/** Commands whose tag ends in the number of rows they changed (INSERT's has an OID before it). */
const COUNTED = new Set(['UPDATE', 'DELETE', 'COPY', 'MERGE'])

/** What a command's tag says it changed, as PGlite counts it: `INSERT 0 3`, `UPDATE 2`. */
function affectedRows(tag: string): number {
  const [command, first, second] = tag.split(' ')
  if (command === 'INSERT') return Number.parseInt(second!, 10)
  return COUNTED.has(command!) ? Number.parseInt(first!, 10) : 0
}

/**
 * One statement's reply, the same as PGlite's parse.parseResults gives for its first command but
 * without its cost: that copies PGlite's 316 type parsers into a new object on every call, about
 * 190 µs, a quarter of a statement's time in an orders run. Here each column's parser is looked up
 * once per reply.
 */
export function toResults<T>(messages: readonly BackendMessage[], parsers: ParserOptions): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = []
  let parse: (((value: string, type: number) => unknown) | undefined)[] = []
  const rows: Record<string, unknown>[] = []
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as RowDescriptionMessage).fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }))
      parse = fields.map((field) => parsers[field.dataTypeID] ?? types.parsers[field.dataTypeID])
    } else if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {}
      ;(message as DataRowMessage).fields.forEach((value, i) => {
        const parser = parse[i]
        row[fields[i]!.name] = value === null || !parser ? value : parser(value, fields[i]!.dataTypeID)
      })
      rows.push(row)
    } else if (message.name === 'commandComplete') {
      return { rows: rows as T[], fields, affectedRows: affectedRows((message as CommandCompleteMessage).text) }
    }
  }
  return { rows: [], fields: [], affectedRows: 0 }
}

/**
 * One parameter as text (or bytes for a Uint8Array), the way node-postgres's prepareValue writes it.
 * Bytes as a Buffer: node-postgres's serializer sends only a Buffer as binary.
 */
export function toParam(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null
  if (value instanceof Uint8Array) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL'
    if (Array.isArray(value)) return arrayLiteral(value)
    // A batch's columns (db/columns.ts) are long arrays: a number or a boolean goes unquoted,
    // and text is searched for what to escape only once.
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    const text = value instanceof Uint8Array ? `\\x${Buffer.from(value).toString('hex')}` : (toParam(value) as string)
    return `"${/["\\]/.test(text) ? text.replace(/["\\]/g, '\\$&') : text}"`
  })
  return `{${items.join(',')}}`
}

/** The part of PGlite that Kysely's PGlite dialect uses, statements prepared. */
export class PgliteStatements implements Pick<PGlite, 'query' | 'close'> {
  readonly #pglite: PGlite
  readonly #names: StatementNames

  /** `bound`: statements kept prepared at most; a text past them is parsed on every run, as before. */
  constructor(pglite: PGlite, bound?: number) {
    this.#pglite = pglite
    this.#names = new StatementNames(bound)
  }

  query<T>(text: string, params: readonly unknown[] = []): Promise<Results<T>> {
    // PGlite's lock for its one session: its own query(), exec() and LISTEN take it too.
    return this.#pglite._runExclusiveQuery(() => this.#run<T>(text, params))
  }

  async #run<T>(text: string, params: readonly unknown[]): Promise<Results<T>> {
    const named = this.#names.nameOf(text)
    const name = named?.name ?? ''
    const parts: Buffer[] = named && !named.fresh ? [] : [serialize.parse({ name, text })]
    const parsedNow = named?.fresh === true
    parts.push(
      serialize.bind({ statement: name, values: params.map(toParam) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    )
    let messages
    try {
      messages = (await this.#pglite.execProtocol(Buffer.concat(parts), { syncToFs: false })).messages
    } catch (error) {
      // The parse may have failed, or the statement after it: either way the name is dropped, so
      // the next run of the text parses it again rather than bind a name that does not exist.
      if (parsedNow) {
        this.#names.forget(text)
        // Closing a name that was never made is no error; should the close fail anyway, the
        // statement's own error is the one to report.
        await this.#pglite.execProtocol(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false }).catch(() => undefined)
      }
      throw error
    }
    // As PGlite's query() does: what a statement outside a transaction wrote reaches the file system.
    if (messages.some((m) => m.name === 'readyForQuery' && (m as { status?: string }).status === 'I')) await this.#pglite.syncToFs()
    return toResults<T>(messages, this.#pglite.parsers)
  }

  close(): Promise<void> {
    return this.#pglite.close()
  }
}
