import { describe, expect, it } from 'vitest'
import { csvField, indiaIso, ledgerCsv, minorToDecimal, ordersCsv, type OrderLine } from '../../../server/funds/record-export'

describe('CSV fields', () => {
  it('quotes a field with a comma, a quote, a line break or spaces at its ends, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(' padded')).toBe('" padded"')
    expect(csvField(null)).toBe('')
  })

  it('keeps a spreadsheet from running text as a formula, but not amounts', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('-5')).toBe("'-5")
    expect(csvField('@SUM')).toBe("'@SUM")
    expect(csvField({ decimal: '-12.50' })).toBe('-12.50')
  })
})

describe('amounts and times', () => {
  it('divides minor units exactly, with the currency’s decimals', () => {
    expect(minorToDecimal(12345, 2)).toBe('123.45')
    expect(minorToDecimal(-5, 2)).toBe('-0.05')
    expect(minorToDecimal(0, 2)).toBe('0.00')
    expect(minorToDecimal(900719925474099, 2)).toBe('9007199254740.99')
    expect(minorToDecimal(-1234, 0)).toBe('-1234')
    expect(() => minorToDecimal(1.5, 2)).toThrow(RangeError)
  })

  it('writes instants as ISO 8601 in India time', () => {
    expect(indiaIso(Date.parse('2026-01-10T06:00:00.789Z'))).toBe('2026-01-10T11:30:00+05:30')
    expect(indiaIso(Date.parse('2026-01-10T20:00:00Z'))).toBe('2026-01-11T01:30:00+05:30')
  })
})

describe('ledger CSV', () => {
  it('lists every entry oldest first with each currency’s pockets after it', () => {
    const t0 = Date.parse('2026-01-10T06:00:00Z')
    const csv = ledgerCsv([
      { id: 1, reason: 'demo_grant', reference: 'demo', createdAt: t0, currency: 'INR', available: 100_000_00, frozen: 0 },
      { id: 2, reason: 'order_freeze', reference: 'O1,2', createdAt: t0 + 1000, currency: 'INR', available: -250_50, frozen: 250_50 },
      { id: 3, reason: 'exchange', reference: null, createdAt: t0 + 2000, currency: 'INR', available: -100_00, frozen: 0 },
      { id: 3, reason: 'exchange', reference: null, createdAt: t0 + 2000, currency: 'JPY', available: 178, frozen: 0 },
      { id: 4, reason: 'order_unfreeze', reference: 'O1,2', createdAt: t0 + 3000, currency: 'INR', available: 250_50, frozen: -250_50 },
    ])
    expect(csv).toBe(
      'time,reason,reference,currency,available_change,frozen_change,available_balance,frozen_balance\r\n' +
        '2026-01-10T11:30:00+05:30,demo_grant,demo,INR,100000.00,0.00,100000.00,0.00\r\n' +
        '2026-01-10T11:30:01+05:30,order_freeze,"O1,2",INR,-250.50,250.50,99749.50,250.50\r\n' +
        '2026-01-10T11:30:02+05:30,exchange,,INR,-100.00,0.00,99649.50,250.50\r\n' +
        '2026-01-10T11:30:02+05:30,exchange,,JPY,178,0,178,0\r\n' +
        '2026-01-10T11:30:03+05:30,order_unfreeze,"O1,2",INR,250.50,-250.50,99900.00,0.00\r\n',
    )
  })

  it('is the header alone for a user with no entries', () => {
    expect(ledgerCsv([])).toBe('time,reason,reference,currency,available_change,frozen_change,available_balance,frozen_balance\r\n')
  })
})

describe('orders CSV', () => {
  it('shows prices with the instrument’s decimals, money in rupees, and blanks for what has not happened', () => {
    const order: OrderLine = {
      orderNo: 'T1', createdAt: Date.parse('2026-01-10T06:00:00Z'), symbol: 'USDINR', name: 'US Dollar, Indian Rupee', kind: 'forex',
      type: 'limit', direction: 'short', lots: 2, quantity: 2000, quantityScale: 1, leverage: 5, dayTrading: false, priceScale: 10_000,
      limitPrice: 841_234, entryPrice: null, exitPrice: null, margin: 3_364_94, fee: 20_00, stampDuty: 0, closeFee: null, closeStampDuty: null,
      pnl: null, cashReturned: null, status: 'pending', openedAt: null, closedAt: null, closeReason: null,
    }
    const [header, line] = ordersCsv([order]).split('\r\n')
    expect(header!.split(',')).toHaveLength(25)
    expect(line).toBe('T1,2026-01-10T11:30:00+05:30,USDINR,"US Dollar, Indian Rupee",forex,limit,short,2,2000,5,no,84.1234,,,3364.94,20.00,0.00,,,,,pending,,,')
  })
})
