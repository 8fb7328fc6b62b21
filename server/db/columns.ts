/**
 * Batch statements whose text is the same whatever the batch's size (issue 14): the rows go as one
 * array parameter per column, which the statement unnests, instead of a VALUES row per row. The
 * text is then one constant string, so it is prepared once (StatementNames) with one plan for
 * every size, not a name and five custom plans per size; and it is looked up by a string whose
 * hash V8 keeps, not by kilobytes of text built afresh and hashed on every run.
 */
import { CompiledQuery } from 'kysely'
import { type Executor } from './executor'

/** Each named column of `rows` as one array in the order of `rows`: a statement's parameters. */
export function columnsOf<R, K extends keyof R>(rows: readonly R[], names: readonly K[]): R[K][][] {
  return names.map((name) => rows.map((row) => row[name]))
}

/** Runs a constant statement text (`$1`… placeholders) on `db`, a transaction's connection when it is one. */
export async function runStatement<Row>(db: Executor, text: string, params: readonly unknown[]): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...params]))).rows
}
