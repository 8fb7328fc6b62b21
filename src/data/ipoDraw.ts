/**
 * A new-share issue's draw as /newStock/draw publishes it, for the verify screen. Nothing is
 * stored: the screen re-runs the draw from a fresh copy each time, so a verifier never trusts a
 * cached one.
 */
import { type IpoDraw, type IpoIssue } from '../contract/replies'
import { call } from './api'
import { getSession } from './sessionStore'

/**
 * The draw of issue `id`, and the issue itself (its draw time, for the screen before the draw)
 * when signed in: /newStock/draw is public, /newStock/detail is not, and asking it without a
 * session would end in the login screen.
 */
export async function fetchIssueDraw(id: number): Promise<{ draw: IpoDraw; issue: IpoIssue | null }> {
  const [draw, issue] = await Promise.all([
    call<IpoDraw>('/newStock/draw', { id }),
    getSession() ? call<IpoIssue>('/newStock/detail', { id }, { silent: true }).catch(() => null) : Promise.resolve(null),
  ])
  return { draw, issue }
}
