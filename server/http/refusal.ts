/**
 * A business rule said no. The envelope turns it into HTTP 200 with status 0, the stable `code`
 * the client translates, its `params`, and an English `msg` (DESIGN.md section 2).
 */
export type RefusalParams = Record<string, string | number>

export class DomainRefusal extends Error {
  readonly code: string
  readonly params: RefusalParams

  constructor(code: string, params: RefusalParams, msg: string) {
    super(msg)
    this.name = 'DomainRefusal'
    this.code = code
    this.params = params
  }
}
