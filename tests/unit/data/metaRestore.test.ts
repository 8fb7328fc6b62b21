/**
 * Meta values are read back through db.ts's restorers (issue 9): a row written by an older app
 * version or damaged is repaired where it can be (a list keeps its good items) and otherwise reads
 * as never fetched, instead of reaching a screen with the wrong shape.
 */
import { beforeEach, expect, it } from 'vitest'
import { db, metaKeys, readMeta } from '../../../src/data/db'
import { restoreAccountMeta, restoreDeviceMeta } from '../../../src/data/metaValues'

const A = '9811111111'
const card = { id: 1, holder: 'Asha', accountNumber: '1234', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Pune', createdAt: 5 }

beforeEach(async () => {
  await db.meta.clear()
})

it('keeps the good items of a stored list and drops the ones it cannot repair', async () => {
  await db.meta.put({ key: metaKeys.bankCards(A), value: [card, { id: 'two', holder: 'Asha' }, null], updatedAt: 1 })
  expect(await readMeta(metaKeys.bankCards(A), restoreAccountMeta.bankCards)).toEqual([card])
})

it('reads a damaged or absent row as never fetched', async () => {
  await db.meta.put({ key: metaKeys.realName(A), value: { status: 'unknown', name: 3 }, updatedAt: 1 })
  expect(await readMeta(metaKeys.realName(A), restoreAccountMeta.realName)).toBeNull()
  expect(await readMeta(metaKeys.wallets(A), restoreAccountMeta.wallets)).toBeNull()
  await db.meta.put({ key: metaKeys.stockDetail('TCS'), value: { market: { open: true } }, updatedAt: 1 })
  expect(await readMeta(metaKeys.stockDetail('TCS'), restoreDeviceMeta.stockDetail)).toBeNull()
})

it('rebuilds a good row with only the fields of today\'s shape', async () => {
  const status = { state: 'live', since: 7 }
  await db.meta.put({ key: metaKeys.streamStatus, value: { ...status, legacy: 'x' }, updatedAt: 1 })
  expect(await readMeta(metaKeys.streamStatus, restoreDeviceMeta.streamStatus)).toEqual(status)
  const submission = { id: 1, name: 'Asha', idNumber: '1', pan: 'ABCDE1234F', status: 'pending', reason: null, createdAt: 1, decidedAt: null }
  const info = { status: 'pending', name: 'Asha', reason: null, submission }
  await db.meta.put({ key: metaKeys.realName(A), value: info, updatedAt: 1 })
  expect(await readMeta(metaKeys.realName(A), restoreAccountMeta.realName)).toEqual(info)
})

it('keeps a stored application or issue of a status this app knows, and drops one it does not (issue 10)', async () => {
  const application = {
    id: 3,
    issueId: 1,
    symbol: 'TJLANTERN',
    name: 'Lantern Textiles (fictional)',
    ref: '7K3M9Q2XWD',
    pan: 'AB*******F',
    lots: 2,
    lotSize: 40,
    price: 25_000,
    amount: 2_000_000,
    paymentMode: 'pay_after_win',
    status: 'pending_payment',
    rank: 4,
    allottedLots: 2,
    paidLots: 0,
    owed: 2_000_000,
    payDeadline: 9,
    orderId: null,
    createdAt: 1,
    updatedAt: 2,
  }
  await db.meta.put({ key: metaKeys.ipoApplications(A), value: [application, { ...application, id: 4, status: 'lottery_pending' }], updatedAt: 1 })
  expect(await readMeta(metaKeys.ipoApplications(A), restoreAccountMeta.ipoApplications)).toEqual([application])
  await db.meta.put({ key: metaKeys.ipoIssues('ipo'), value: [{ id: 1, kind: 'ipo', stage: 'open' }], updatedAt: 1 })
  expect(await readMeta(metaKeys.ipoIssues('ipo'), restoreDeviceMeta.ipoIssues)).toEqual([])
})

it('keeps a stored block application or offering of a status this app knows, and drops one it does not (issue 11)', async () => {
  const application = {
    id: 5,
    offeringId: 2,
    symbol: 'RELIANCE',
    name: 'Reliance Industries',
    ref: '4H8N2P6RTB',
    shares: 200,
    price: 98_000,
    amount: 19_600_000,
    fee: 8_820,
    frozen: 19_608_820,
    status: 'allocated',
    allocatedShares: 200,
    paid: 19_608_820,
    orderId: 12,
    unlockAt: 9,
    createdAt: 1,
    updatedAt: 2,
  }
  await db.meta.put({ key: metaKeys.blockApplications(A), value: [application, { ...application, id: 6, status: 'partly_filled' }, { ...application, id: 7, unlockAt: '9' }], updatedAt: 1 })
  expect(await readMeta(metaKeys.blockApplications(A), restoreAccountMeta.blockApplications)).toEqual([application])
  const offering = {
    id: 2,
    symbol: 'RELIANCE',
    name: 'Reliance Industries',
    session: 'afternoon',
    shares: 1_000,
    lotSize: 10,
    opensAt: 10,
    closesAt: 20,
    allocateAt: 20,
    referenceKind: 'vwap',
    referenceFrom: 1,
    referenceTo: 5,
    referencePrice: null,
    discountBps: 200,
    bandBps: 300,
    price: null,
    bandMin: null,
    bandMax: null,
    minShares: 100,
    minAmount: 200_000_000,
    lockUnit: 'day',
    lockCount: 5,
    stage: 'upcoming',
    commitment: 'ab'.repeat(32),
    applications: 0,
    appliedShares: 0,
    allocatedAt: null,
    cancelReason: null,
  }
  await db.meta.put({ key: metaKeys.blockOfferings, value: [{ ...offering, legacy: true }, { ...offering, id: 3, session: 'evening' }], updatedAt: 1 })
  expect(await readMeta(metaKeys.blockOfferings, restoreDeviceMeta.blockOfferings)).toEqual([offering])
})
