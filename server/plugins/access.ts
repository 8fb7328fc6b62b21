/**
 * Who may call a route, decided in one place from its path: every route under /api/vue needs a
 * user's session and every route under /api/admin an operator's, unless it is on PUBLIC_ROUTES.
 * The auth hook, the route table and the OpenAPI document all read accessOf(), so a route file
 * never says it is private — forgetting to cannot make a route public. Any other /api route must
 * be listed (there is no third kind of session); the PWA's own files, outside /api, are public.
 */

/** The user app's API. */
export const API_PREFIX = '/api/vue'
/** The back office's API. */
export const ADMIN_PREFIX = '/api/admin'

/** public: anyone; user: the `token` and `account` headers of a live session; operator: an `operator-token`. */
export type Access = 'public' | 'user' | 'operator'

/** The only routes under /api that answer without a session. Add one here, with the reason, or not at all. */
export const PUBLIC_ROUTES: readonly string[] = [
  // Before there is a session: joining and signing in.
  `${API_PREFIX}/user/register`,
  `${API_PREFIX}/user/login`,
  // What the app shows a visitor: the published rules, news, quotes and exchange rates (no account's data).
  `${API_PREFIX}/common/config`,
  `${API_PREFIX}/news/list`,
  `${API_PREFIX}/news/detail`,
  `${API_PREFIX}/stock/list`,
  `${API_PREFIX}/stock/search`,
  `${API_PREFIX}/stock/detail`,
  `${API_PREFIX}/stock/kline`,
  `${API_PREFIX}/stock/stream`,
  `${API_PREFIX}/user/exchangeRates`,
  // A new-share issue's draw: anyone may re-run it (DESIGN.md section 4), and it names no person, only references.
  `${API_PREFIX}/newStock/draw`,
  // A block offering's remainder draw, likewise: references only.
  `${API_PREFIX}/block/draw`,
  // Customer service for someone who cannot sign in (login banned, forgotten password): limited per
  // address; a thread is then read and written only with the key its creation gave (guess-limited).
  `${API_PREFIX}/support/guest/create`,
  `${API_PREFIX}/support/guest/thread`,
  `${API_PREFIX}/support/guest/send`,
  `${API_PREFIX}/support/guest/resetPassword`,
  // The back office's sign-in.
  `${ADMIN_PREFIX}/operator/login`,
  // Operations: the load balancer's probe and the API document.
  '/api/health',
  '/api/docs/json',
]

const PUBLIC = new Set(PUBLIC_ROUTES)

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`)

/** The access of the route registered at `url` (its pattern, prefix included); throws for an /api route that fits no rule. */
export function accessOf(url: string): Access {
  if (PUBLIC.has(url)) return 'public'
  if (under(url, API_PREFIX)) return 'user'
  if (under(url, ADMIN_PREFIX)) return 'operator'
  if (under(url, '/api')) throw new Error(`route ${url} is outside ${API_PREFIX} and ${ADMIN_PREFIX}: put it under one of them or on PUBLIC_ROUTES`)
  return 'public'
}

/** The OpenAPI security requirement of an access (the schemes are declared in swagger.ts); none for public. */
export function securityOf(access: Access): { [scheme: string]: string[] }[] | undefined {
  switch (access) {
    case 'user':
      return [{ token: [], account: [] }]
    case 'operator':
      return [{ operatorToken: [] }]
    case 'public':
      return undefined
  }
}
