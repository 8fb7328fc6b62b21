/**
 * Identity and cards through the data layer against the real server (routes /user/upload,
 * /user/realName, /user/realNameInfo, /user/bankList, /user/addBankCard), through the real proxy.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, NetworkError } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import { addBankCard, bankCardsKey, realNameKey, refreshBankCards, refreshRealName, submitRealName, toBase64, type BankCard, type RealNameInfo } from '../../../src/data/identity'
import { replayOutbox } from '../../../src/data/outbox'
import { login } from '../../../src/data/session'
import { useRealServer } from '../support/realServer'
import { JPEG } from '../../server/pictures'

const server = useRealServer()
let account: string

const photo = () => new Blob([JPEG], { type: 'image/jpeg' })
const stored = async <T>(key: string) => (await db.meta.get(key))?.value as T | undefined

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear()])
  const created = await server.newAccount()
  account = created.account
  await login(account, created.password)
})

describe('identity', () => {
  it('encodes a picture as base64 byte for byte', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256)
    expect(Buffer.from(await toBase64(new Blob([bytes])), 'base64').equals(Buffer.from(bytes))).toBe(true)
  })

  it('sends both photos and the details, and stores the identity as under review', async () => {
    const submission = await submitRealName({ name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F', front: photo(), back: photo() }, crypto.randomUUID())
    expect(submission).toMatchObject({ status: 'pending', pan: 'ABCDE1234F' })
    expect(await stored<RealNameInfo>(realNameKey(account))).toMatchObject({ status: 'pending', submission: { id: submission.id } })
    // The demo's reviewer approves it 5 s later; the next refresh stores that.
    server.t.clock.advance(5_000)
    await server.t.app.reviews.sweep(server.t.clock.now())
    await refreshRealName({ fresh: true })
    expect(await stored<RealNameInfo>(realNameKey(account))).toMatchObject({ status: 'verified', name: 'Asha Rao' })
  })

  it('says which rule refused, and needs the network for the photos', async () => {
    await expect(submitRealName({ name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE12345', front: photo(), back: photo() }, crypto.randomUUID())).rejects.toMatchObject({ code: 'pan_invalid' })
    await expect(submitRealName({ name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F', front: new Blob(['not a picture']), back: photo() }, crypto.randomUUID())).rejects.toBeInstanceOf(ApiRefusal)
    server.proxy.setMode('down')
    await expect(submitRealName({ name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F', front: photo(), back: photo() }, crypto.randomUUID())).rejects.toBeInstanceOf(NetworkError)
  })
})

describe('bank cards', () => {
  it('queues a card added offline and lists it once it is sent', async () => {
    await submitRealName({ name: 'Ravi Kumar', idNumber: 'CD12345678', pan: 'ABCDE1234F', front: photo(), back: photo() }, crypto.randomUUID())
    server.t.clock.advance(5_000)
    await server.t.app.reviews.sweep(server.t.clock.now())
    await refreshBankCards()
    expect(await stored<BankCard[]>(bankCardsKey(account))).toEqual([])

    server.proxy.setMode('down')
    const item = await addBankCard({ holder: 'Ravi Kumar', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'State Bank of India', branch: 'Fort' })
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(item.key))?.state).toBe('queued')
    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(item.key))?.state).toBe('done')
    expect(await stored<BankCard[]>(bankCardsKey(account))).toMatchObject([{ holder: 'Ravi Kumar', accountNumber: '123456789012', ifsc: 'SBIN0001234' }])
  })

  it('keeps the refusal on the queued item when the card is not the holder’s', async () => {
    const item = await addBankCard({ holder: 'Ravi Kumar', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' })
    await replayOutbox({ ignoreBackoff: true })
    expect(await db.outbox.get(item.key)).toMatchObject({ state: 'failed', error: { code: 'real_name_required' } })
  })
})
