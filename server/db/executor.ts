/**
 * Repositories take an executor: the database, or a transaction when one unit of work spans
 * several areas (a sign-in writes sign_ins, the ledger and the idempotency reply together).
 */
import { type Kysely, type Transaction } from 'kysely'
import { type Database } from './types'

export type Executor = Kysely<Database>
export type Tx = Transaction<Database>
