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

/**
 * Opens a statement whose caller reads nothing from it but whether it failed (a lock taken, rows
 * written), in a transaction: on PostgreSQL it is held and sent with the transaction's next
 * statement, or its commit, in one round trip, and its failure fails that statement instead
 * (server/db/postgres-client.ts). Its result has no rows. Elsewhere it runs at once.
 */
export const SENT_WITH_NEXT = '/* sent with the next statement */ '
