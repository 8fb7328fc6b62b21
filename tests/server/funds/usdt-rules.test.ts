import { describe, expect, it } from 'vitest'
import { DomainRefusal } from '../../../server/http/refusal'
import { base58Decode, checkUsdtAddress, tronChecksumOk } from '../../../server/funds/usdt-rules'

// Tether's own USDT contract on TRON and another well-known mainnet address.
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRON_2 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7'

const refusal = (r: unknown) => (r instanceof DomainRefusal ? { code: r.code, params: r.params } : null)

describe('USDT addresses per network', () => {
  it('takes a TRC20 address with a good checksum, trimmed', () => {
    expect(checkUsdtAddress('TRC20', `  ${TRON}\n`)).toBe(TRON)
    expect(checkUsdtAddress('TRC20', TRON_2)).toBe(TRON_2)
  })

  it('refuses a TRC20 address of the wrong form: not T, not 34 characters, or a character base58 leaves out', () => {
    for (const bad of [`A${TRON.slice(1)}`, TRON.slice(0, 33), `${TRON}1`, `${TRON.slice(0, 33)}0`, `${TRON.slice(0, 33)}O`, `${TRON.slice(0, 33)}l`, ETH, '']) {
      expect(refusal(checkUsdtAddress('TRC20', bad)), bad).toEqual({ code: 'usdt_address_invalid', params: { network: 'TRC20' } })
    }
  })

  it('refuses a TRC20 address of the right form with one character mistyped (its checksum fails)', () => {
    const typo = `${TRON.slice(0, 10)}${TRON[10] === 'a' ? 'b' : 'a'}${TRON.slice(11)}`
    expect(typo).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    expect(tronChecksumOk(typo)).toBe(false)
    expect(refusal(checkUsdtAddress('TRC20', typo))?.code).toBe('usdt_address_invalid')
  })

  it('takes an ERC20 address as typed, in any case, and refuses any other form', () => {
    expect(checkUsdtAddress('ERC20', ETH)).toBe(ETH)
    expect(checkUsdtAddress('ERC20', ETH.toLowerCase())).toBe(ETH.toLowerCase())
    for (const bad of [ETH.slice(2), `${ETH}0`, ETH.slice(0, 41), `0X${ETH.slice(2)}`, `${ETH.slice(0, 41)}g`, TRON]) {
      expect(refusal(checkUsdtAddress('ERC20', bad)), bad).toEqual({ code: 'usdt_address_invalid', params: { network: 'ERC20' } })
    }
  })

  it('decodes base58 with leading ones as zero bytes, and refuses characters outside it', () => {
    expect([...base58Decode('11')!]).toEqual([0, 0])
    expect([...base58Decode('1z')!]).toEqual([0, 57])
    expect([...base58Decode('5R')!]).toEqual([1, 0])
    expect(base58Decode('0')).toBeNull()
    expect(base58Decode(TRON)).toHaveLength(25)
    expect(base58Decode(TRON)![0]).toBe(0x41)
  })
})
