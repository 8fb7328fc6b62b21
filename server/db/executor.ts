/**
 * Repositories take an executor: the database, or a transaction when one unit of work spans
 * several areas (a sign-in writes sign_ins, the ledger and the idempotency reply together).
 */
import { type Kysely, type Transaction } from 'kysely'
import { type Database } from './types'

export type Executor = Kysely<Database>
export type Tx = Transaction<Database>

/**
 * A service's write whose checks have passed, for the caller to run in its transaction: an
 * idempotent route's commit(), which stores the reply with it (plugins/idempotency.ts).
 */
export type Effect<T> = (trx: Tx) => Promise<T>
