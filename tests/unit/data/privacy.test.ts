/**
 * src/data/privacy.ts against the real server: the data export comes back as the file it is (a
 * JSON attachment, not an envelope), the deletion info is kept in db.meta for the screen to read
 * offline, and a deletion request and its cancellation land there too.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import { cancelDeletion, exportMyData, refreshDeletionInfo, requestDeletion, storedDeletionInfo } from '../../../src/data/privacy'
import { getSession, login } from '../../../src/data/session'
import { useRealServer } from '../support/realServer'

const server = useRealServer()
let who = { account: '', password: '' }

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.user.clear()])
  who = await server.newAccount()
  await login(who.account, who.password)
})

describe('the data export', () => {
  it('is the JSON file itself, named after the account, holding the account', async () => {
    const file = await exportMyData()
    expect(file.fileName).toBe(`tijori-data-${who.account}.json`)
    const data = JSON.parse(await file.blob.text()) as { format: string; account: string }
    expect(data).toMatchObject({ format: 'tijori-data-export', account: who.account })
  })
})

describe('the deletion request', () => {
  it('keeps the info for the screen, then the pending request, then its cancellation', async () => {
    const account = getSession()!.account
    await refreshDeletionInfo()
    const before = await storedDeletionInfo(account)
    expect(before).toMatchObject({ request: null, blockers: [] })
    expect(before?.keep.map((k) => [k.record, k.years])).toEqual([['financial', 5], ['investment', 10]])

    await requestDeletion(who.password, crypto.randomUUID())
    expect((await storedDeletionInfo(account))?.request?.status).toBe('pending')

    await cancelDeletion(crypto.randomUUID())
    expect((await storedDeletionInfo(account))?.request?.status).toBe('cancelled')
  })

  it('is refused with the wrong password, and nothing is kept as requested', async () => {
    const account = getSession()!.account
    await expect(requestDeletion('not-the-password', crypto.randomUUID())).rejects.toBeInstanceOf(ApiRefusal)
    await refreshDeletionInfo()
    expect((await storedDeletionInfo(account))?.request).toBeNull()
  })
})
