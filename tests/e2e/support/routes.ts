/**
 * The routes of DESIGN.md section 3 and how a browser test opens each one: which need a session,
 * and the search string a detail screen gets from the server's own lists (a real id or symbol,
 * as a tap in the app would give it). Used by the walk over every route (routes.test.ts).
 */
import { randomUUID } from 'node:crypto'
import { DEMO } from './signIn'

/** DESIGN.md section 3, as written there (area: screens). A route added there is added here. */
export const SECTION_3 = `
login: start start1 loginAfter login register reLogin
home: index zhishu market newsList newsDetail blockTrade blockTrade1 blockTrade2 blockTradeDetail
      fllow fllowRecord fllowDetail qcList dayTrading newStock newStockps newStockBuy newStockPsBuy
      newStockRecord kefuCenter
market: index optionList stockDetail stockDetailzs marketBuy marketTeshe marketZhiBiao marketQuestion vip
trade: index positionDetail      favorite: index search
information: index setting aboutInfo aboutUs changeLang loginPass fundPass bankList addBankCard
      fundRecord exChange authInfo usdtAddress cashOut recharge rechargeChannel userInfo msgInfo pj
      jkjl safety agreement faq loan
`

/** The routes of section 3's text, `/<area>/<screen>`, in order. */
export function routesOf(text: string): string[] {
  const routes: string[] = []
  let area = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (word.endsWith(':')) area = word.slice(0, -1)
    else if (area) routes.push(`/${area}/${word}`)
  }
  return routes
}

export const ROUTES = routesOf(SECTION_3)
/** The login screens that need a session: the welcome shown after signing in. */
export const AFTER_SIGN_IN = new Set(['/login/loginAfter'])
/** Screens outside login that must open without a session too: customer service, for a user who cannot sign in (issue 13). */
export const ALSO_SIGNED_OUT = ['/home/kefuCenter']
/** The routes opened signed out. */
export const LOGIN = ROUTES.filter((r) => r.startsWith('/login/') && !AFTER_SIGN_IN.has(r))
/** The routes opened as the demo account. */
export const SIGNED_IN = ROUTES.filter((r) => !r.startsWith('/login/') || AFTER_SIGN_IN.has(r))

type Envelope<T> = { status: number; data: T }
type Session = { token: string; account: string }

async function apiCall<T>(serverUrl: string, path: string, body: object, session?: Session): Promise<T> {
  const res = await fetch(`${serverUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': randomUUID(), ...(session ? { token: session.token, account: session.account } : {}) },
    body: JSON.stringify(body),
  })
  const reply = (await res.json()) as Envelope<T>
  if (reply.status !== 1) throw new Error(`${path}: ${JSON.stringify(reply)}`)
  return reply.data
}

type Listed = { data: { id?: number; symbol?: string }[] }

/**
 * The search string of each detail screen, `?symbol=…` or `?id=…`, from the first row of the
 * server's lists as the demo account sees them; a screen whose list is empty is left out.
 */
export async function detailSearches(serverUrl: string): Promise<Map<string, string>> {
  const session = await apiCall<Session>(serverUrl, '/user/login', DEMO)
  /** The first row's id (or symbol) of a list, undefined when the list is empty or refused. */
  const first = async (path: string, body: object, field: 'id' | 'symbol'): Promise<string | undefined> => {
    const reply = await apiCall<Listed | Listed['data']>(serverUrl, path, body, session).catch(() => undefined)
    const rows = Array.isArray(reply) ? reply : reply?.data
    const value = rows?.[0]?.[field]
    return value === undefined ? undefined : String(value)
  }
  const searches = new Map<string, string>()
  const stock = await first('/stock/list', { type: 'stock', page: 1, size: 1 }, 'symbol')
  const index = await first('/stock/list', { type: 'index', page: 1, size: 1 }, 'symbol')
  const news = await first('/news/list', { page: 1, size: 1 }, 'id')
  const ipo = await first('/newStock/list', { page: 1, size: 1 }, 'id')
  const block = await first('/block/list', { page: 1, size: 1 }, 'id')
  const follow = await first('/follow/list', { page: 1, size: 1 }, 'id')
  const order = await first('/order/list', { status: 'holding', page: 1, size: 1 }, 'id')
  if (stock) {
    searches.set('/market/stockDetail', `?symbol=${stock}`)
    searches.set('/market/marketBuy', `?symbol=${stock}&direction=long`)
  }
  if (index) searches.set('/market/stockDetailzs', `?symbol=${index}`)
  if (news) searches.set('/home/newsDetail', `?id=${news}`)
  if (ipo) {
    searches.set('/home/newStockBuy', `?id=${ipo}`)
    searches.set('/home/newStockPsBuy', `?id=${ipo}`)
  }
  if (block) searches.set('/home/blockTradeDetail', `?id=${block}`)
  if (follow) searches.set('/home/fllowDetail', `?id=${follow}`)
  if (order) searches.set('/trade/positionDetail', `?id=${order}`)
  searches.set('/information/rechargeChannel', '?channel=upi&amount=1000000')
  return searches
}
