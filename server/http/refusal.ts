/**
 * A business rule said no. The envelope turns it into HTTP 200 with status 0, the stable `code`
 * the client translates, its `params`, and an English `msg` (DESIGN.md section 2). The code and
 * its param names are declared in src/contract/refusals.ts, so an undeclared one does not compile.
 */
import { type RefusalCode, type RefusalParamsOf } from '../../src/contract/refusals'

export { type RefusalParams } from '../../src/contract/refusals'

export class DomainRefusal<C extends RefusalCode = RefusalCode> extends Error {
  readonly code: C
  readonly params: RefusalParamsOf<C>

  constructor(code: C, params: NoInfer<RefusalParamsOf<C>>, msg: string) {
    super(msg)
    this.name = 'DomainRefusal'
    this.code = code
    this.params = params
  }
}
