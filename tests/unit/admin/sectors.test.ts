import { describe, expect, it } from 'vitest'
import { SECTORS as MARKET_SECTORS } from '../../../server/market/instruments'
import { SECTORS } from '../../../src/admin/sectors'

describe("the back office's sector list", () => {
  it("is the market's, so every issue it creates can list", () => {
    expect([...SECTORS].sort()).toEqual(Object.values(MARKET_SECTORS).sort())
  })
})
