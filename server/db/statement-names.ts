/**
 * Names for prepared statements on one database session, shared by the PostgreSQL pool's
 * connections (PreparingClient in ./index.ts) and PGlite's one session (./pglite-statements.ts):
 * each text gets a name of its own the first time, up to a bound, so the set cannot grow without
 * limit; texts past the bound run unnamed, parsed on every run.
 */

/** Statements one connection keeps prepared at most; a text past them runs unnamed, as before. */
export const PREPARED_PER_CONNECTION = 500

export class StatementNames {
  readonly #bound: number
  readonly #names = new Map<string, string>()
  #next = 0

  constructor(bound = PREPARED_PER_CONNECTION) {
    this.#bound = bound
  }

  /**
   * `text`'s name, given now (`fresh`) if it has none and the bound allows; undefined past the
   * bound. One lookup: a text is kilobytes, and hashing it is most of what a lookup costs.
   */
  nameOf(text: string): { name: string; fresh: boolean } | undefined {
    const name = this.#names.get(text)
    if (name !== undefined) return { name, fresh: false }
    if (this.#names.size >= this.#bound) return undefined
    const given = `tijori_${this.#next++}`
    this.#names.set(text, given)
    return { name: given, fresh: true }
  }

  /** Forgets `text`'s name (its statement was closed); a later run names it afresh. */
  forget(text: string): void {
    this.#names.delete(text)
  }
}
