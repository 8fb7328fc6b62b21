/**
 * `npm run verify-draw` against the real server: people apply through /newStock/subscribe, the
 * 'ipo' job freezes and draws the issue (app.jobs with a moved clock), the server publishes the
 * draw on the public /newStock/draw, and the CLI fetches it over HTTP (node's fetch, a listening
 * app) and re-runs it. A waiver afterwards moves lots on but not the published first allotment.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { findUserByAccount } from '../../../server/accounts/repository'
import { type IpoApplication } from '../../../src/contract/replies'
import { main } from '../../../scripts/verify-draw'
import { createTestApp, type TestApp } from '../helpers'
import { createIssue, verifyIdentity } from './fixtures'

const APPLICANTS = 12

let t: TestApp
let url = ''
let issueId = 0
const applications: { headers: Record<string, string>; application: IpoApplication }[] = []

async function runCli(id: number): Promise<{ code: number; out: string }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const code = await main([String(id), '--server', url])
    return { code, out: [...log.mock.calls, ...error.mock.calls].map((c) => String(c[0])).join('\n') }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

async function sweep(at: number): Promise<void> {
  t.clock.set(at)
  expect((await t.app.jobs.sweep('ipo', at)).ran).toBe(true)
}

beforeAll(async () => {
  t = await createTestApp()
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  // 5 lots of 10 shares, pay after winning (nothing to fund), for 12 applications of 1 or 2 lots.
  const issue = await createIssue(t.database.db, { at: t.clock.now(), retail_shares: 50, lot_size: 10, payment_mode: 'pay_after_win', sector: 'Financial Services', industry: 'Finance' })
  issueId = issue.id
  for (let i = 0; i < APPLICANTS; i++) {
    const account = String(9_731_000_000 + i)
    await t.register(account)
    const headers = await t.login(account, 'secret123')
    await verifyIdentity(t.database.db, (await findUserByAccount(t.database.db, account))!.id, `VRFYD${1000 + i}F`, t.clock.now())
    const res = await t.call('/newStock/subscribe', { id: issue.id, lots: 1 + (i % 2) }, { headers, key: true })
    expect(res.body.status, res.raw).toBe(1)
    applications.push({ headers, application: res.body.data as IpoApplication })
  }
  await sweep(issue.closes_at)
  await sweep(issue.draw_at)
})

afterAll(async () => {
  await t?.close()
})

describe('verify-draw against the server', () => {
  it("re-runs the job's draw and finds the server's result matching, exit code 0", async () => {
    const { code, out } = await runCli(issueId)
    expect(out).toContain('commitment: sha256(seed) matches')
    expect(out).toContain('digest:     sha256(list) matches')
    expect(out).toContain(`applications ${APPLICANTS}, allottable lots 5`)
    expect(out).toContain('allottees 5, lots allotted 5')
    expect(out).toContain('ALL MATCH')
    expect(code).toBe(0)
  })

  it('still matches after a winner waives: the published result is the first allotment', async () => {
    const rows = await t.database.db.selectFrom('ipo_applications').select(['id', 'user_id', 'allotted_lots', 'rank']).where('issue_id', '=', issueId).orderBy('rank').execute()
    const winner = rows.find((r) => r.allotted_lots > 0)!
    const who = applications.find((a) => a.application.id === winner.id)!
    const waived = await t.call('/newStock/waive', { id: winner.id }, { headers: who.headers, key: true })
    expect(waived.body.status, waived.raw).toBe(1)
    // The waived lot went on to an application the first allotment left out.
    const after = await t.database.db.selectFrom('ipo_applications').select(['rank', 'allotted_lots']).where('issue_id', '=', issueId).where('allotted_lots', '>', 0).execute()
    expect(after.some((r) => r.rank! > 5)).toBe(true)
    const { code, out } = await runCli(issueId)
    expect(out).toContain('ALL MATCH')
    expect(code).toBe(0)
  })

  it('exits 1 and names the application when a stored rank was changed', async () => {
    const db = t.database.db
    const first = await db.selectFrom('ipo_applications').select(['id', 'ref']).where('issue_id', '=', issueId).where('rank', '=', 1).executeTakeFirstOrThrow()
    const last = await db.selectFrom('ipo_applications').select(['id', 'ref']).where('issue_id', '=', issueId).where('rank', '=', APPLICANTS).executeTakeFirstOrThrow()
    await db.updateTable('ipo_applications').set({ rank: APPLICANTS }).where('id', '=', first.id).execute()
    await db.updateTable('ipo_applications').set({ rank: 1 }).where('id', '=', last.id).execute()
    try {
      const { code, out } = await runCli(issueId)
      expect(out).toContain(`${first.ref}: re-run #1`)
      expect(out).toContain('MISMATCH')
      expect(code).toBe(1)
    } finally {
      await db.updateTable('ipo_applications').set({ rank: 1 }).where('id', '=', first.id).execute()
      await db.updateTable('ipo_applications').set({ rank: APPLICANTS }).where('id', '=', last.id).execute()
    }
  })

  it('exits 1 for an issue that does not exist', async () => {
    const { code, out } = await runCli(issueId + 1000)
    expect(out).toContain('ipo_not_found')
    expect(code).toBe(1)
  })
})
