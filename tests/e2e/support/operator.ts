/**
 * The demo's first operator in the browser tests. Its given password (operator-demo) must be
 * changed before any other back-office route answers, and every test file shares one operator per
 * server: the first call on a server changes it, once, and every later one signs in with the new
 * password. funds.test.ts makes the change through the page instead, as a person does.
 */
import { type Page } from 'playwright-core'
import { adminCall, type RunningServer } from './server'

export const DEMO_OPERATOR = { username: 'operator', given: 'operator-demo', password: 'operator-e2e-own' } as const

const changed = new Map<string, Promise<void>>()

/** Changes the given password on this server unless that is done (here, or through the page). */
function ensureOwnPassword(server: RunningServer): Promise<void> {
  let done = changed.get(server.url)
  if (!done) {
    done = (async () => {
      const login = await fetch(`${server.url}/api/admin/operator/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.given }),
      })
      const reply = (await login.json()) as { status: number; code?: string; data?: { token: string; mustChangePassword: boolean } }
      // Refused: changed already (through the page); the sign-in below says whether to the right one.
      if (reply.status !== 1 || !reply.data) return
      if (reply.data.mustChangePassword) {
        await adminCall(server.url, '/operator/password', { oldPassword: DEMO_OPERATOR.given, password: DEMO_OPERATOR.password }, reply.data.token)
      }
      await adminCall(server.url, '/operator/logout', {}, reply.data.token)
    })()
    changed.set(server.url, done)
  }
  return done
}

/** An operator token of the demo operator, its own password set. */
export async function demoOperatorToken(server: RunningServer): Promise<string> {
  await ensureOwnPassword(server)
  return (await adminCall<{ token: string }>(server.url, '/operator/login', { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password })).token
}

/** Opens the back office in `page` and signs in as the demo operator, its own password set; waits for the panels. */
export async function signInToBackOffice(page: Page, server: RunningServer): Promise<void> {
  await ensureOwnPassword(server)
  await page.goto(`${server.url}/admin.html`)
  await page.locator('input[name=username]').fill(DEMO_OPERATOR.username)
  await page.locator('input[name=password]').fill(DEMO_OPERATOR.password)
  await page.locator('button[type=submit]').click()
  await page.getByTestId('sign-out').waitFor()
}
