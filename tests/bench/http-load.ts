/**
 * A load driver over real HTTP against a running Tijori (one process or a load balancer in front
 * of several): it makes verified, funded users the way a person gets there (register with the
 * demo invite code, sign in, send the real name with two photos, ask for a deposit with a receipt;
 * an operator approves both in the back office), then places market orders with an
 * Idempotency-Key each, `inFlight` at a time over keep-alive connections (OrderConnection), and
 * reports the count, orders/s, p50 and p99.
 *
 * More than `registrationLimitIp` (10) users need distinct client addresses: each user registers
 * from its own X-Forwarded-For, which the server believes only when started with TRUST_PROXY=1 (as
 * behind the load balancer).
 *
 * As a script: `tsx tests/bench/http-load.ts <url> [users=32] [inFlight=16] [seconds=30]`.
 */
import { randomUUID } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'

/** A signed-in user's headers (`token`, `account`) and where it registered from. */
export type LoadUser = { account: string; headers: Record<string, string> }

export type LoadRun = { count: number; refused: number; seconds: number; rate: number; p50: number; p99: number }

type Envelope<T> = { status: number; data: T; msg: string; code?: string }

// A 1x1 PNG: the server judges a picture by its bytes.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'

const PASSWORD = 'bench-pass-1'

async function post<T>(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  try {
    return JSON.parse(text) as Envelope<T>
  } catch {
    throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`)
  }
}

/**
 * The order loop's connection: one keep-alive HTTP/1.1 socket per order in flight, each request
 * written as one string and each reply read by its Content-Length. The load driver shares the
 * machine with the server and the database, and every bit of CPU it takes is the server's or the
 * database's less: node's fetch cost it about 1 ms an order, node:http's client about 0.19 ms; this
 * costs less again, as pgbench's own client is lean beside the database it measures.
 */
class OrderConnection {
  readonly #host: string
  readonly #port: number
  #socket: Socket | null = null
  #chunks: Buffer[] = []
  #reply: { resolve: (reply: { status: number; text: string }) => void; reject: (error: Error) => void } | null = null

  constructor(url: string) {
    const { hostname, port } = new URL(url)
    this.#host = hostname
    this.#port = Number(port || 80)
  }

  post<T>(path: string, body: unknown, headers: Record<string, string>): Promise<Envelope<T>> {
    const payload = JSON.stringify(body)
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.#host}:${this.#port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      this.#reply = { resolve, reject }
      this.#open().write(`${head}\r\n${payload}`)
    }).then(({ status, text }) => {
      try {
        return JSON.parse(text) as Envelope<T>
      } catch {
        throw new Error(`${path}: HTTP ${status} ${text.slice(0, 200)}`)
      }
    })
  }

  close(): void {
    const socket = this.#socket
    this.#socket = null
    socket?.destroy()
  }

  #open(): Socket {
    if (this.#socket) return this.#socket
    const socket = connect({ host: this.#host, port: this.#port, noDelay: true })
    socket.on('data', (chunk: Buffer) => this.#read(chunk))
    const fail = (error: Error) => {
      // A socket closed on purpose, or one that failed already, speaks for no request.
      if (this.#socket !== socket) return
      this.#socket = null
      this.#chunks = []
      const reply = this.#reply
      this.#reply = null
      reply?.reject(error)
    }
    socket.on('error', fail)
    socket.on('close', () => fail(new Error('the server closed the connection before it replied')))
    this.#socket = socket
    return socket
  }

  /** A reply is whole once its head and Content-Length bytes of body are in. */
  #read(chunk: Buffer): void {
    this.#chunks.push(chunk)
    const data = this.#chunks.length === 1 ? chunk : Buffer.concat(this.#chunks)
    const headEnd = data.indexOf('\r\n\r\n')
    if (headEnd < 0) return
    const head = data.toString('latin1', 0, headEnd)
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)
    if (!length) {
      this.#socket?.destroy(new Error(`a reply without Content-Length: ${head.slice(0, 200)}`))
      return
    }
    const bodyEnd = headEnd + 4 + Number(length[1])
    if (data.length < bodyEnd) {
      this.#chunks = [data]
      return
    }
    this.#chunks = []
    const reply = this.#reply
    this.#reply = null
    // A reply that closes the connection: the next request opens another.
    if (/\r\nconnection: *close/i.test(head)) this.close()
    reply?.resolve({ status: Number(head.slice(9, 12)), text: data.toString('utf8', headEnd + 4, bodyEnd) })
  }
}

async function must<T>(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const reply = await post<T>(url, path, body, headers)
  if (reply.status !== 1) throw new Error(`${path} refused: ${JSON.stringify(reply)}`)
  return reply.data
}

const idem = () => ({ 'idempotency-key': randomUUID() })

/**
 * Approves, as the operator, the pending requests of `kind` (real_name, recharge) from `users`
 * until `done` says each user got there (the demo's automatic reviewer may approve some first).
 */
async function approveEvery(
  url: string,
  operator: Record<string, string>,
  kind: string,
  users: readonly LoadUser[],
  done: (user: LoadUser) => Promise<boolean>,
): Promise<void> {
  let left = [...users]
  const until = Date.now() + 120_000
  while (left.length > 0) {
    if (Date.now() > until) throw new Error(`${kind}: ${left.length} of ${users.length} not approved in time`)
    const accounts = new Set(left.map((u) => u.account))
    const { data } = await must<{ data: { id: number; account: string }[] }>(url, '/api/admin/reviews/list', { kind, status: 'pending' }, operator)
    for (const item of data) {
      if (accounts.has(item.account)) await post(url, '/api/admin/reviews/decide', { kind, id: item.id, approve: true }, operator)
    }
    const states = await Promise.all(left.map(done))
    left = left.filter((_, i) => !states[i])
    if (left.length > 0) await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * The operator's token. A first operator must change the password it was given before anything
 * else works: the first run against a server changes it to the same one with "-changed" after it,
 * and later runs sign in with that.
 */
async function operatorToken(url: string, op: { username: string; password: string }): Promise<string> {
  const changed = `${op.password}-changed`
  let login = await post<{ token: string; mustChangePassword: boolean }>(url, '/api/admin/operator/login', op)
  if (login.status !== 1) login = await post<{ token: string; mustChangePassword: boolean }>(url, '/api/admin/operator/login', { ...op, password: changed })
  if (login.status !== 1) throw new Error(`operator sign-in refused: ${JSON.stringify(login)}`)
  const { token, mustChangePassword } = login.data
  if (mustChangePassword) await must(url, '/api/admin/operator/password', { oldPassword: op.password, password: changed }, { 'operator-token': token })
  return token
}

/**
 * `count` users, verified and holding `paise` each. Accounts are 97 + `tag` (2 digits) + a 6-digit
 * index, so several runs against one database do not collide when their tags differ.
 *
 * Each load order keeps its position open and holds its cost (about ₹45,000 for a lot of ITC), so
 * the default, ₹100 crore, pays for some 22,000 orders a user. At ₹10 crore, 32 users ran out in
 * the third PostgreSQL round of the orders bench at 1,500 orders/s, and its refusals were counted
 * out of the rate.
 */
export async function makeUsers(
  url: string,
  count: number,
  options: { paise?: number; tag?: number; operator?: { username: string; password: string }; inFlight?: number } = {},
): Promise<LoadUser[]> {
  const paise = options.paise ?? 100_000_000_000
  const tag = String(options.tag ?? Math.floor(Math.random() * 100)).padStart(2, '0')
  const operator = { 'operator-token': await operatorToken(url, options.operator ?? { username: 'operator', password: 'operator-demo' }) }
  const accounts = Array.from({ length: count }, (_, i) => `97${tag}${String(i).padStart(6, '0')}`)
  const users: LoadUser[] = new Array<LoadUser>(count)
  const inFlight = options.inFlight ?? 8

  const each = async (work: (i: number) => Promise<void>) => {
    let next = 0
    await Promise.all(
      Array.from({ length: Math.min(inFlight, count) }, async () => {
        while (next < count) await work(next++)
      }),
    )
  }

  await each(async (i) => {
    const account = accounts[i]!
    // One address per user: the registration limit counts per address (see the header comment).
    const from = { 'x-forwarded-for': `10.${tag}.${Math.floor(i / 250)}.${(i % 250) + 1}` }
    await must(url, '/api/vue/user/register', { account, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: 'TIJORI', agree: true }, { ...from, ...idem() })
    const { token } = await must<{ token: string }>(url, '/api/vue/user/login', { account, password: PASSWORD }, from)
    const headers = { token, account }
    users[i] = { account, headers }
    const photo = async (kind: string) => (await must<{ id: number }>(url, '/api/vue/user/upload', { kind, data: PNG }, { ...headers, ...idem() })).id
    const frontId = await photo('id_front')
    const backId = await photo('id_back')
    await must(url, '/api/vue/user/realName', { name: 'Bench Trader', idNumber: `BENCH${tag}${String(i).padStart(6, '0')}`, pan: 'ABCDE1234F', frontId, backId }, { ...headers, ...idem() })
  })
  await approveEvery(url, operator, 'real_name', users, async (u) =>
    (await must<{ status: string }>(url, '/api/vue/user/realNameInfo', {}, u.headers)).status === 'verified')

  await each(async (i) => {
    const headers = users[i]!.headers
    const receipt = await must<{ id: number }>(url, '/api/vue/user/upload', { kind: 'receipt', data: PNG }, { ...headers, ...idem() })
    await must(url, '/api/vue/user/recharge', { channel: 'upi', amount: paise, receiptUploadId: receipt.id }, { ...headers, ...idem() })
  })
  await approveEvery(url, operator, 'recharge', users, async (u) =>
    (await must<{ data: { status: string }[] }>(url, '/api/vue/user/rechargeList', {}, u.headers)).data.some((r) => r.status === 'approved'))
  return users
}

/** The market order the load places: alternately long and short, one lot, no leverage. */
export function marketOrder(i: number, symbol = 'ITC') {
  return { symbol, direction: i % 2 === 0 ? 'long' : 'short', type: 'market', lots: 1, leverage: 1 }
}

/**
 * Places `count` market orders (or as many as fit in `seconds`, whichever comes first) spread over
 * `users`, `inFlight` at a time. A refusal is counted, not retried; anything but an envelope throws.
 */
export async function placeOrders(
  url: string,
  users: readonly LoadUser[],
  options: { count?: number; seconds?: number; inFlight?: number; symbol?: string; offset?: number } = {},
): Promise<LoadRun> {
  const count = options.count ?? Number.POSITIVE_INFINITY
  const stopAt = options.seconds === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.seconds * 1000
  const inFlight = options.inFlight ?? 16
  const offset = options.offset ?? 0
  const latencies: number[] = []
  let refused = 0
  let next = 0
  let firstRefusal = ''
  const connections = Array.from({ length: inFlight }, () => new OrderConnection(url))
  const started = performance.now()
  await Promise.all(
    connections.map(async (connection) => {
      while (next < count && performance.now() < stopAt) {
        const i = offset + next++
        const who = users[i % users.length]!
        const t0 = performance.now()
        const reply = await connection.post('/api/vue/order/create', marketOrder(i, options.symbol), { ...who.headers, ...idem() })
        latencies.push(performance.now() - t0)
        if (reply.status !== 1) {
          refused++
          firstRefusal ||= JSON.stringify(reply)
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  for (const connection of connections) connection.close()
  if (refused > 0) console.warn(`  ${refused} orders refused, the first: ${firstRefusal}`)
  return summarize(latencies, refused, seconds)
}

function summarize(latencies: number[], refused: number, seconds: number): LoadRun {
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const count = latencies.length
  return { count, refused, seconds, rate: (count - refused) / seconds, p50: at(0.5), p99: at(0.99) }
}

export function runLine(label: string, run: LoadRun): string {
  const refused = run.refused > 0 ? ` (${run.refused} refused)` : ''
  return `  ${label}: ${run.count} in ${run.seconds.toFixed(1)} s = ${run.rate.toFixed(0)} orders/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms${refused}`
}

if (process.argv[1]?.endsWith('http-load.ts')) {
  const [url, users = '32', inFlight = '16', seconds = '30'] = process.argv.slice(2)
  if (!url) {
    console.error('usage: tsx tests/bench/http-load.ts <url> [users] [inFlight] [seconds]')
    process.exit(2)
  }
  const made = await makeUsers(url, Number(users))
  console.log(`${made.length} verified, funded users`)
  console.log(runLine(`market orders, ${inFlight} in flight`, await placeOrders(url, made, { seconds: Number(seconds), inFlight: Number(inFlight) })))
}
