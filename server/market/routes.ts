/**
 * /stock/*: the simulated exchange's public data — lists, search, one instrument's detail, its
 * candles, and the live stream of batched ticks (server-sent events). No token: prices are public.
 */
import { EVENT_STREAM_HEADERS, eventStreamWriter } from '../http/event-stream'
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { priceBand } from '../trade/rules'
import { NSE_CURRENCY_HOURS, NSE_EQUITY_HOURS } from './calendar'
import { type AnyQuote } from './feed'
import { type Instrument, type InstrumentKind } from './instruments'
import { quoteDto } from './quote-dto'
import { HttpError, ok } from '../plugins/envelope'
import { symbolUnknown } from '../trade/service'
import { type RouteDeps } from '../http/deps'
import { ShortText, replies } from '../http/schemas'
import { CandleAdjust, CandlePeriod, CandleRange, Candles, InstrumentKind as InstrumentKindSchema, Quote, type QuoteSnapshotEvent, type QuoteTicksEvent, StockDetailReply, StockPage } from '../../src/contract/replies'
import { streamChanges } from '../../src/contract/quote-delta'
import { RANGES_OF_PERIOD, isRangeOffered } from '../../src/contract/chart'

const SORTS = ['symbol', 'gainers', 'losers', 'turnover'] as const
type Sort = (typeof SORTS)[number]

function sorter(sort: Sort): (a: AnyQuote, b: AnyQuote) => number {
  switch (sort) {
    case 'gainers':
      return (a, b) => b.changeRateBp - a.changeRateBp || a.symbol.localeCompare(b.symbol)
    case 'losers':
      return (a, b) => a.changeRateBp - b.changeRateBp || a.symbol.localeCompare(b.symbol)
    case 'turnover':
      return (a, b) => b.amount - a.amount || a.symbol.localeCompare(b.symbol)
    case 'symbol':
      return (a, b) => a.symbol.localeCompare(b.symbol)
  }
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}


const PING_MS = 15_000
/** Unsent bytes one stream may queue for a client that has stopped reading before it is ended. */
const STREAM_MAX_BUFFERED = 1 << 20

export const marketRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { config, now, market } = deps

  /** Live quotes of `instruments` at `at`, as the API sends them. */
  const quotesOf = (instruments: readonly Instrument[], at: number) =>
    instruments.flatMap((instrument) => {
      const q = market.quote(instrument.symbol, at)
      return q ? [quoteDto(q, instrument, config)] : []
    })

  app.post(
    '/stock/list',
    {
      schema: {
        tags: ['stock'],
        summary: 'A page of live quotes of one kind of instrument',
        body: Type.Object({
          type: InstrumentKindSchema,
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: config.stockPageMax, description: `default ${config.stockPageSize}` })),
          sort: Type.Optional(Type.Union(SORTS.map((s) => Type.Literal(s)))),
        }),
        response: replies(StockPage),
      },
    },
    async (request) => {
      const at = now()
      await market.prepare(at)
      const kind: InstrumentKind = request.body.type
      const all = quotesOf(market.instruments().filter((i) => i.kind === kind), at).sort(sorter(request.body.sort ?? 'symbol'))
      const size = request.body.size ?? config.stockPageSize
      const offset = ((request.body.page ?? 1) - 1) * size
      return ok({ data: all.slice(offset, offset + size), total: all.length, at })
    },
  )

  app.post(
    '/stock/search',
    {
      schema: {
        tags: ['stock'],
        summary: 'Instruments whose symbol starts with, or name contains, the text (at most 20)',
        body: Type.Object({ q: Type.String({ minLength: 1, maxLength: 20, pattern: '^[^\\u0000]*$' }) }),
        response: replies(Type.Object({ data: Type.Array(Quote) })),
      },
    },
    async (request) => {
      const at = now()
      await market.prepare(at)
      const q = request.body.q.trim().toUpperCase()
      const rank = (i: Instrument): number =>
        i.symbol === q ? 0 : i.symbol.startsWith(q) ? 1 : i.name.toUpperCase().includes(q) ? 2 : 3
      const found = q === '' ? [] : market.instruments().filter((i) => rank(i) < 3).sort((a, b) => rank(a) - rank(b) || a.symbol.localeCompare(b.symbol))
      return ok({ data: quotesOf(found.slice(0, 20), at) })
    },
  )

  app.post(
    '/stock/detail',
    {
      schema: {
        tags: ['stock'],
        summary: "One instrument's live quote, its market's hours and today's price band",
        description: `Refusals: symbol_unknown {symbol}. 400 {field: range} for a range the period does not offer (${Object.entries(RANGES_OF_PERIOD)
          .map(([period, ranges]) => `${period}: ${ranges.join(', ')}`)
          .join('; ')}): a chart readable and its reply under 1 MB.`,
        body: Type.Object({ symbol: ShortText(32) }),
        response: replies(StockDetailReply),
      },
    },
    async (request) => {
      const at = now()
      await market.prepare(at)
      const { symbol } = request.body
      const instrument = market.instrument(symbol)
      const quote = market.quote(symbol, at)
      if (!instrument || !quote) throw symbolUnknown(symbol)
      const state = market.marketState(symbol, at)
      const hoursOf = instrument.kind === 'forex' ? NSE_CURRENCY_HOURS : NSE_EQUITY_HOURS
      const alwaysOpen = instrument.kind === 'crypto' || config.marketAlwaysOpen
      const hours = alwaysOpen ? '00:00-24:00' : `${hhmm(hoursOf.open)}-${hhmm(hoursOf.close)}`
      // The band the order routes enforce: measured from the feed's previous close.
      const base = market.previousClose(symbol, at)
      const band = instrument.kind === 'index' || base === undefined ? null : priceBand(base, config.trading)
      return ok({
        quote: quoteDto(quote, instrument, config),
        market: { open: state.open, opensAt: state.open ? null : state.opensAt, hours, alwaysOpen },
        band,
        constituents: instrument.kind === 'index' ? [...instrument.constituents] : null,
        simulated: true as const,
      })
    },
  )

  app.post(
    '/stock/kline',
    {
      schema: {
        tags: ['stock'],
        summary: 'Candles of one instrument as parallel arrays (times are epoch ms of each period start)',
        description: `Refusals: symbol_unknown {symbol}. 400 {field: range} for a range the period does not offer (${Object.entries(RANGES_OF_PERIOD)
          .map(([period, ranges]) => `${period}: ${ranges.join(', ')}`)
          .join('; ')}): a chart readable and its reply under 1 MB.`,
        body: Type.Object({ symbol: ShortText(32), period: CandlePeriod, range: CandleRange, adjust: CandleAdjust }),
        response: replies(Candles),
      },
    },
    async (request) => {
      const at = now()
      await market.prepare(at)
      const { symbol, period, range, adjust } = request.body
      if (!isRangeOffered(period, range)) {
        const ranges = RANGES_OF_PERIOD[period].join(',')
        throw new HttpError(400, 'bad_request', { field: 'range' }, `Candles of ${period} come over these ranges: ${ranges}.`)
      }
      const instrument = market.instrument(symbol)
      if (!instrument) throw symbolUnknown(symbol)
      const list = await market.candles(symbol, { period, range, adjust } as Parameters<typeof market.candles>[1], at)
      // Adjusted prices are scaled floats; the chart shows them at the instrument's price units.
      const whole = (x: number) => Math.round(x)
      return ok({
        symbol,
        period,
        range,
        adjust,
        priceScale: instrument.priceScale,
        t: list.map((c) => c.t),
        open: list.map((c) => whole(c.open)),
        high: list.map((c) => whole(c.high)),
        low: list.map((c) => whole(c.low)),
        close: list.map((c) => whole(c.close)),
        volume: list.map((c) => whole(c.volume)),
      })
    },
  )

  const open = new Set<() => void>()
  // Before the server stops listening: it would otherwise wait for these endless replies.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end()
  })

  app.get(
    '/stock/stream',
    {
      schema: {
        tags: ['stock'],
        summary: 'Server-sent events: a snapshot of the asked symbols, then batched deltas of those that changed',
        description:
          `event: snapshot, data: {at, quotes: Quote[]} (full quotes), then event: ticks, data: {at, changes: QuoteDelta[]}; id: at. ` +
          'A QuoteDelta is {symbol} and only the fields that differ from the quote this connection last sent for that symbol (null: a field gone; no time: time = at); ' +
          'a symbol that did not move (nothing but time changed) is not sent. Every connection, a reconnect with Last-Event-ID included, starts with a snapshot: ' +
          'apply deltas only to quotes of the same connection (src/contract/quote-delta.ts). ' +
          `Every ${config.streamIntervalMs} ms; ": ping" every 15 s. Unknown symbols are ignored; more than ${config.streamMaxSymbols} is a 400.`,
        querystring: Type.Object({ symbols: Type.String({ maxLength: 20_000, pattern: '^[A-Za-z0-9,._&-]*$' }) }),
      },
    },
    async (request, reply) => {
      const asked = [...new Set(request.query.symbols.split(',').filter((s) => s !== ''))]
      if (asked.length > config.streamMaxSymbols) {
        throw new HttpError(400, 'bad_request', { max: config.streamMaxSymbols }, `Ask for at most ${config.streamMaxSymbols} symbols.`)
      }
      const instruments = asked.flatMap((s) => market.instrument(s) ?? [])
      await market.prepare(now())

      reply.hijack()
      const res = reply.raw
      let ended = false
      let timer: NodeJS.Timeout | undefined = undefined
      const end = () => {
        if (ended) return
        ended = true
        clearInterval(timer)
        open.delete(end)
        if (!res.destroyed) res.end()
      }
      open.add(end)
      request.raw.on('close', end)
      res.on('close', end)
      // A client gone mid-write (EPIPE, reset) ends the stream instead of crashing the process.
      res.on('error', end)
      const gone = () => res.destroyed || res.socket?.destroyed === true
      // It may have left while the feed caught up, before these listeners existed.
      if (gone()) return end()

      res.writeHead(200, EVENT_STREAM_HEADERS)
      // A HEAD gets the headers and no events: Node sends a HEAD reply's headers only on end(),
      // so an open stream would leave it waiting for ever.
      if (request.method === 'HEAD') return end()
      // A client that stops reading ends its stream; it reconnects for a fresh snapshot on waking.
      const write = eventStreamWriter(res, STREAM_MAX_BUFFERED, () => ended, end)
      // What this connection last sent per symbol: the base of its next deltas.
      const sent = new Map<string, Quote>()
      const send = (event: 'snapshot' | 'ticks', data: QuoteSnapshotEvent | QuoteTicksEvent) =>
        write(`event: ${event}\nid: ${data.at}\ndata: ${JSON.stringify(data)}\n\n`)
      let lastPing = Date.now()
      const tick = (at: number) => {
        // A catch-up (past midnight) can outlast the connection: never write after the end.
        if (ended) return
        if (gone()) return end()
        const changes = streamChanges(sent, quotesOf(instruments, at), at)
        if (changes.length > 0) send('ticks', { at, changes })
        if (Date.now() - lastPing >= PING_MS) {
          write(': ping\n\n')
          lastPing = Date.now()
        }
      }
      // Any failure ends this stream (logged); the client reconnects and starts from a snapshot.
      const fail = (err: unknown) => {
        request.log.error({ err }, 'stream failed')
        end()
      }

      try {
        const first = now()
        write(`retry: 3000\n\n`)
        const quotes = quotesOf(instruments, first)
        for (const quote of quotes) sent.set(quote.symbol, quote)
        send('snapshot', { at: first, quotes })
      } catch (err) {
        return fail(err)
      }
      timer = setInterval(() => {
        const at = now()
        market
          .prepare(at)
          .then(() => tick(at))
          .catch(fail)
      }, config.streamIntervalMs)
    },
  )
}
