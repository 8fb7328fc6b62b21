/**
 * The instrument universe of the simulated exchange, written from public facts:
 * - the NIFTY 50 constituents as of the index's September 2025 rebalancing (Tata Motors listed as
 *   one company, as before its October 2025 demerger), plus the seven other NIFTY BANK members so
 *   that index can be computed whole;
 * - NSE symbols, company names and a broad sector with a plainer industry (our own wording);
 * - shares outstanding, free float and reference prices rounded from public filings and market
 *   levels of late 2025. They are approximations that give the simulation sensible starting
 *   weights and prices, not data to invest by; the feed that moves from them is simulated.
 * - INR pairs at the rates of late 2025 (the wallet currencies of DESIGN.md section 4 plus EUR and
 *   GBP), and a few digital currencies at their INR prices of late 2025.
 *
 * Prices are integers in `1 / priceScale` rupees: paise (priceScale 100) for stocks, indices (in
 * hundredths of a point) and digital currencies; 1/10,000 rupee for currency pairs, whose moves
 * are smaller than a paisa. No float carries a price.
 */

export const INSTRUMENT_KINDS = { stock: 'stock', index: 'index', forex: 'forex', crypto: 'crypto' } as const
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[keyof typeof INSTRUMENT_KINDS]

export const SECTORS = {
  automobile: 'Automobile and Auto Components',
  capitalGoods: 'Capital Goods',
  construction: 'Construction',
  constructionMaterials: 'Construction Materials',
  consumerDurables: 'Consumer Durables',
  consumerServices: 'Consumer Services',
  financialServices: 'Financial Services',
  fmcg: 'Fast Moving Consumer Goods',
  healthcare: 'Healthcare',
  it: 'Information Technology',
  metals: 'Metals & Mining',
  oilGas: 'Oil, Gas & Consumable Fuels',
  power: 'Power',
  services: 'Services',
  telecom: 'Telecommunication',
} as const
export type Sector = (typeof SECTORS)[keyof typeof SECTORS]

export const INDEX_SYMBOLS = { nifty50: 'NIFTY50', sensex: 'SENSEX', niftyBank: 'BANKNIFTY' } as const
export type IndexSymbol = (typeof INDEX_SYMBOLS)[keyof typeof INDEX_SYMBOLS]

type Common = {
  readonly symbol: string
  readonly name: string
  /** Price units per rupee: 100 means a price of 12345 is ₹123.45. */
  readonly priceScale: number
  /** The smallest price step, in price units. */
  readonly tickSize: number
  /** Where the simulation starts, in price units. */
  readonly referencePrice: number
}

/** What the random walk needs; an index has none of it because it is computed. */
type Simulated = {
  /** Target standard deviation of close-to-close returns, in basis points. */
  readonly dailyVolatilityBp: number
  /** Share of the daily variance that comes from the kind's common factor (the market), in bp. */
  readonly factorShareBp: number
  /** Typical volume of a day at the reference price, in volume units. */
  readonly referenceDailyVolume: number
  /** Volume units per unit traded: 1 for shares and currency, 10^6 for digital coins. */
  readonly quantityScale: number
}

export type Stock = Common &
  Simulated & {
    readonly kind: 'stock'
    readonly exchange: 'NSE'
    readonly sector: Sector
    readonly industry: string
    /** Shares outstanding at the simulation's start; simulated splits multiply it. */
    readonly sharesOutstanding: number
    /** Share of the shares the public can trade (not held by promoters or the government), in bp. */
    readonly freeFloatBp: number
  }

export type MarketIndex = Common & {
  readonly kind: 'index'
  readonly constituents: readonly string[]
  /** The index's historic base value and base period, for information. */
  readonly baseValue: number
  readonly basePeriod: string
  /**
   * Levels are free-float market value / divisor, and the divisor is fixed so that the index at
   * the constituents' reference prices equals `referencePrice` (its level of late 2025): we hold
   * neither the base-date market values nor every later divisor change, so the real base value
   * cannot be used directly.
   */
  readonly weighting: 'free-float market value'
}

export type ForexPair = Common &
  Simulated & {
    readonly kind: 'forex'
    readonly base: string
    readonly quote: 'INR'
    /** Units of the base currency one price is for: JPY and KRW are quoted per 100, VND per 1,000. */
    readonly baseAmount: number
  }

export type DigitalCurrency = Common &
  Simulated & {
    readonly kind: 'crypto'
    readonly base: string
    readonly quote: 'INR'
  }

export type Instrument = Stock | MarketIndex | ForexPair | DigitalCurrency
/** Instruments with their own random walk (an index follows its constituents). */
export type SimulatedInstrument = Stock | ForexPair | DigitalCurrency

const PAISE = 100
/** NSE equities move in steps of 5 paise. */
const NSE_TICK = 5

/** Typical daily moves by sector, in basis points: steadier for staples, wider for metals. */
const SECTOR_VOLATILITY_BP: Record<Sector, number> = {
  [SECTORS.automobile]: 170,
  [SECTORS.capitalGoods]: 200,
  [SECTORS.construction]: 160,
  [SECTORS.constructionMaterials]: 150,
  [SECTORS.consumerDurables]: 150,
  [SECTORS.consumerServices]: 240,
  [SECTORS.financialServices]: 160,
  [SECTORS.fmcg]: 120,
  [SECTORS.healthcare]: 140,
  [SECTORS.it]: 160,
  [SECTORS.metals]: 220,
  [SECTORS.oilGas]: 150,
  [SECTORS.power]: 170,
  [SECTORS.services]: 190,
  [SECTORS.telecom]: 140,
}

/** Traded per day, as parts per 10,000 of the free-float shares (large caps turn over ~0.15%). */
const STOCK_TURNOVER_BP = 15

/** What a stock is made from; the simulation's parameters follow from it (stockOf). */
export type StockFacts = {
  readonly symbol: string
  readonly name: string
  readonly sector: Sector
  readonly industry: string
  readonly sharesOutstanding: number
  readonly freeFloatBp: number
  /** In paise. */
  readonly referencePrice: number
  /** The sector's typical move unless given. */
  readonly dailyVolatilityBp?: number
}

/**
 * A stock with the universe's defaults: NSE's tick, paise, the market factor's share and a day's
 * volume from its free float. Also builds a company that lists later (market/listings.ts).
 */
export function stockOf(facts: StockFacts): Stock {
  const { sharesOutstanding, freeFloatBp } = facts
  return Object.freeze({
    kind: 'stock',
    exchange: 'NSE',
    symbol: facts.symbol,
    name: facts.name,
    sector: facts.sector,
    industry: facts.industry,
    sharesOutstanding,
    freeFloatBp,
    priceScale: PAISE,
    tickSize: NSE_TICK,
    referencePrice: facts.referencePrice,
    dailyVolatilityBp: facts.dailyVolatilityBp ?? SECTOR_VOLATILITY_BP[facts.sector],
    factorShareBp: 3500,
    referenceDailyVolume: Math.round((sharesOutstanding * freeFloatBp * STOCK_TURNOVER_BP) / 100_000_000),
    quantityScale: 1,
  })
}

const SECTOR_NAMES: ReadonlySet<string> = new Set(Object.values(SECTORS))

/** Whether a stored text names one of the sectors (a listing's sector comes from the database). */
export function isSector(value: string): value is Sector {
  return SECTOR_NAMES.has(value)
}

function stock(
  symbol: string,
  name: string,
  sector: Sector,
  industry: string,
  sharesOutstanding: number,
  freeFloatPercent: number,
  priceRupees: number,
  dailyVolatilityBp?: number,
): Stock {
  return stockOf({ symbol, name, sector, industry, sharesOutstanding, freeFloatBp: freeFloatPercent * 100, referencePrice: priceRupees * PAISE, dailyVolatilityBp })
}

const S = SECTORS

/** NIFTY 50 (September 2025 composition), alphabetical by symbol. */
const NIFTY_50_STOCKS: readonly Stock[] = [
  stock('ADANIENT', 'Adani Enterprises', S.metals, 'Trading, mining and new energy', 1_154_000_000, 26, 2400, 280),
  stock('ADANIPORTS', 'Adani Ports and Special Economic Zone', S.services, 'Ports and logistics', 2_160_000_000, 34, 1400, 210),
  stock('APOLLOHOSP', 'Apollo Hospitals Enterprise', S.healthcare, 'Hospitals', 143_800_000, 71, 7500),
  stock('ASIANPAINT', 'Asian Paints', S.consumerDurables, 'Paints', 959_200_000, 47, 2500),
  stock('AXISBANK', 'Axis Bank', S.financialServices, 'Private sector bank', 3_100_000_000, 92, 1200),
  stock('BAJAJ-AUTO', 'Bajaj Auto', S.automobile, 'Two- and three-wheelers', 279_300_000, 45, 8800),
  stock('BAJAJFINSV', 'Bajaj Finserv', S.financialServices, 'Financial holding company', 1_597_000_000, 39, 2000),
  stock('BAJFINANCE', 'Bajaj Finance', S.financialServices, 'Non-banking finance', 6_210_000_000, 45, 1000),
  stock('BEL', 'Bharat Electronics', S.capitalGoods, 'Defence electronics', 7_310_000_000, 49, 400),
  stock('BHARTIARTL', 'Bharti Airtel', S.telecom, 'Telecom services', 6_000_000_000, 45, 2000),
  stock('CIPLA', 'Cipla', S.healthcare, 'Pharmaceuticals', 808_000_000, 71, 1550),
  stock('COALINDIA', 'Coal India', S.oilGas, 'Coal mining', 6_163_000_000, 37, 385),
  stock('DRREDDY', "Dr. Reddy's Laboratories", S.healthcare, 'Pharmaceuticals', 834_000_000, 73, 1250),
  stock('EICHERMOT', 'Eicher Motors', S.automobile, 'Motorcycles and trucks', 274_000_000, 51, 6800),
  stock('ETERNAL', 'Eternal', S.consumerServices, 'Food delivery and quick commerce', 9_650_000_000, 100, 320, 260),
  stock('GRASIM', 'Grasim Industries', S.constructionMaterials, 'Cement, fibres and chemicals', 680_000_000, 57, 2800),
  stock('HCLTECH', 'HCL Technologies', S.it, 'IT services', 2_714_000_000, 39, 1500),
  stock('HDFCBANK', 'HDFC Bank', S.financialServices, 'Private sector bank', 15_340_000_000, 100, 980, 130),
  stock('HDFCLIFE', 'HDFC Life Insurance Company', S.financialServices, 'Life insurance', 2_153_000_000, 50, 760),
  stock('HINDALCO', 'Hindalco Industries', S.metals, 'Aluminium and copper', 2_247_000_000, 65, 750),
  stock('HINDUNILVR', 'Hindustan Unilever', S.fmcg, 'Home and personal care', 2_350_000_000, 38, 2450),
  stock('ICICIBANK', 'ICICI Bank', S.financialServices, 'Private sector bank', 7_130_000_000, 100, 1380, 140),
  stock('INDIGO', 'InterGlobe Aviation', S.services, 'Airline', 386_000_000, 51, 5700),
  stock('INFY', 'Infosys', S.it, 'IT services', 4_150_000_000, 85, 1500),
  stock('ITC', 'ITC', S.fmcg, 'Cigarettes, foods and hotels', 12_510_000_000, 100, 410),
  stock('JIOFIN', 'Jio Financial Services', S.financialServices, 'Financial holding company', 6_353_000_000, 53, 310, 220),
  stock('JSWSTEEL', 'JSW Steel', S.metals, 'Steel', 2_445_000_000, 55, 1100),
  stock('KOTAKBANK', 'Kotak Mahindra Bank', S.financialServices, 'Private sector bank', 1_988_000_000, 74, 2100),
  stock('LT', 'Larsen & Toubro', S.construction, 'Engineering and construction', 1_375_000_000, 100, 3900),
  stock('M&M', 'Mahindra & Mahindra', S.automobile, 'Utility vehicles and tractors', 1_243_000_000, 82, 3500),
  stock('MARUTI', 'Maruti Suzuki India', S.automobile, 'Passenger cars', 314_000_000, 42, 16000),
  stock('MAXHEALTH', 'Max Healthcare Institute', S.healthcare, 'Hospitals', 972_000_000, 76, 1150, 190),
  stock('NESTLEIND', 'Nestle India', S.fmcg, 'Packaged foods', 1_928_000_000, 37, 1200),
  stock('NTPC', 'NTPC', S.power, 'Power generation', 9_697_000_000, 49, 340),
  stock('ONGC', 'Oil and Natural Gas Corporation', S.oilGas, 'Oil and gas production', 12_580_000_000, 41, 245),
  stock('POWERGRID', 'Power Grid Corporation of India', S.power, 'Power transmission', 9_301_000_000, 49, 290),
  stock('RELIANCE', 'Reliance Industries', S.oilGas, 'Refining, retail and telecom', 13_532_000_000, 50, 1450),
  stock('SBILIFE', 'SBI Life Insurance Company', S.financialServices, 'Life insurance', 1_002_000_000, 45, 1800),
  stock('SBIN', 'State Bank of India', S.financialServices, 'Public sector bank', 9_231_000_000, 45, 900),
  stock('SHRIRAMFIN', 'Shriram Finance', S.financialServices, 'Non-banking finance', 1_881_000_000, 75, 650, 200),
  stock('SUNPHARMA', 'Sun Pharmaceutical Industries', S.healthcare, 'Pharmaceuticals', 2_399_000_000, 45, 1700),
  stock('TATACONSUM', 'Tata Consumer Products', S.fmcg, 'Tea, coffee and foods', 989_000_000, 66, 1100),
  stock('TATAMOTORS', 'Tata Motors', S.automobile, 'Cars and commercial vehicles', 3_682_000_000, 54, 680, 200),
  stock('TATASTEEL', 'Tata Steel', S.metals, 'Steel', 12_480_000_000, 67, 165),
  stock('TCS', 'Tata Consultancy Services', S.it, 'IT services', 3_618_000_000, 28, 3100),
  stock('TECHM', 'Tech Mahindra', S.it, 'IT services', 979_000_000, 65, 1450),
  stock('TITAN', 'Titan Company', S.consumerDurables, 'Jewellery and watches', 888_000_000, 47, 3600),
  stock('TRENT', 'Trent', S.consumerServices, 'Fashion retail', 355_000_000, 63, 4800),
  stock('ULTRACEMCO', 'UltraTech Cement', S.constructionMaterials, 'Cement', 294_700_000, 40, 12000),
  stock('WIPRO', 'Wipro', S.it, 'IT services', 10_480_000_000, 27, 250),
]

/** NIFTY BANK members outside NIFTY 50, so the bank index is computed from all twelve. */
const OTHER_BANK_STOCKS: readonly Stock[] = [
  stock('AUBANK', 'AU Small Finance Bank', S.financialServices, 'Small finance bank', 744_000_000, 77, 750, 200),
  stock('BANKBARODA', 'Bank of Baroda', S.financialServices, 'Public sector bank', 5_171_000_000, 36, 250, 200),
  stock('CANBK', 'Canara Bank', S.financialServices, 'Public sector bank', 9_071_000_000, 37, 110, 210),
  stock('FEDERALBNK', 'The Federal Bank', S.financialServices, 'Private sector bank', 2_456_000_000, 100, 200, 180),
  stock('IDFCFIRSTB', 'IDFC First Bank', S.financialServices, 'Private sector bank', 7_330_000_000, 100, 70, 210),
  stock('INDUSINDBK', 'IndusInd Bank', S.financialServices, 'Private sector bank', 779_000_000, 85, 750, 230),
  stock('PNB', 'Punjab National Bank', S.financialServices, 'Public sector bank', 11_493_000_000, 30, 110, 220),
]

export const STOCKS: readonly Stock[] = Object.freeze([...NIFTY_50_STOCKS, ...OTHER_BANK_STOCKS])

/** The 30 SENSEX members (BSE, after its June 2025 review); every one is also in NIFTY 50. */
const SENSEX_MEMBERS = [
  'ADANIPORTS', 'ASIANPAINT', 'AXISBANK', 'BAJAJFINSV', 'BAJFINANCE', 'BEL', 'BHARTIARTL', 'ETERNAL',
  'HCLTECH', 'HDFCBANK', 'HINDUNILVR', 'ICICIBANK', 'INFY', 'ITC', 'KOTAKBANK', 'LT', 'M&M', 'MARUTI',
  'NTPC', 'POWERGRID', 'RELIANCE', 'SBIN', 'SUNPHARMA', 'TATAMOTORS', 'TATASTEEL', 'TCS', 'TECHM',
  'TITAN', 'TRENT', 'ULTRACEMCO',
] as const

const NIFTY_BANK_MEMBERS = [
  'AUBANK', 'AXISBANK', 'BANKBARODA', 'CANBK', 'FEDERALBNK', 'HDFCBANK', 'ICICIBANK', 'IDFCFIRSTB',
  'INDUSINDBK', 'KOTAKBANK', 'PNB', 'SBIN',
] as const

function marketIndex(symbol: IndexSymbol, name: string, constituents: readonly string[], levelPoints: number, baseValue: number, basePeriod: string): MarketIndex {
  return Object.freeze({
    kind: 'index',
    symbol,
    name,
    constituents: Object.freeze([...constituents]),
    baseValue,
    basePeriod,
    weighting: 'free-float market value',
    priceScale: 100,
    tickSize: 1,
    referencePrice: levelPoints * 100,
  })
}

/**
 * SENSEX is BSE's index: its members are all in this universe, so it is computed from them with the
 * same free-float factors as NIFTY (BSE's own factors differ a little), and NIFTY BANK's capping of
 * single-stock weights (33%) is not applied. Both are approximations, stated where they are shown.
 */
export const INDICES: readonly MarketIndex[] = Object.freeze([
  marketIndex(INDEX_SYMBOLS.nifty50, 'NIFTY 50', NIFTY_50_STOCKS.map((s) => s.symbol), 25_900, 1000, '1995-11-03'),
  marketIndex(INDEX_SYMBOLS.sensex, 'BSE SENSEX', SENSEX_MEMBERS, 84_500, 100, '1978-79'),
  marketIndex(INDEX_SYMBOLS.niftyBank, 'NIFTY BANK', NIFTY_BANK_MEMBERS, 58_000, 1000, '2000-01-01'),
])

const FOREX_SCALE = 10_000

function forexPair(base: string, name: string, baseAmount: number, rateRupees: number, dailyVolatilityBp: number, dailyVolume: number, tickSize = 1): ForexPair {
  return Object.freeze({
    kind: 'forex',
    symbol: `${base}INR`,
    name,
    base,
    quote: 'INR',
    baseAmount,
    priceScale: FOREX_SCALE,
    tickSize,
    referencePrice: Math.round(rateRupees * FOREX_SCALE),
    dailyVolatilityBp,
    factorShareBp: 3000,
    referenceDailyVolume: dailyVolume,
    quantityScale: 1,
  })
}

/** NSE's currency futures move in steps of ₹0.0025 (25 units); pairs NSE does not list use 1 unit. */
const NSE_FX_TICK = 25

export const FOREX_PAIRS: readonly ForexPair[] = Object.freeze([
  forexPair('USD', 'US dollar / Indian rupee', 1, 88.7, 35, 1_000_000_000, NSE_FX_TICK),
  forexPair('EUR', 'Euro / Indian rupee', 1, 102.5, 50, 200_000_000, NSE_FX_TICK),
  forexPair('GBP', 'British pound / Indian rupee', 1, 116.5, 55, 150_000_000, NSE_FX_TICK),
  forexPair('JPY', 'Japanese yen (100) / Indian rupee', 100, 57.0, 60, 200_000_000, NSE_FX_TICK),
  forexPair('CNY', 'Chinese yuan / Indian rupee', 1, 12.47, 40, 300_000_000),
  forexPair('HKD', 'Hong Kong dollar / Indian rupee', 1, 11.4, 35, 200_000_000),
  forexPair('TWD', 'New Taiwan dollar / Indian rupee', 1, 2.85, 50, 500_000_000),
  forexPair('THB', 'Thai baht / Indian rupee', 1, 2.74, 55, 500_000_000),
  forexPair('MYR', 'Malaysian ringgit / Indian rupee', 1, 21.3, 50, 100_000_000),
  forexPair('KRW', 'South Korean won (100) / Indian rupee', 100, 6.05, 60, 200_000_000),
  forexPair('VND', 'Vietnamese dong (1,000) / Indian rupee', 1000, 3.37, 40, 200_000_000),
])

/** Coins trade in fractions: volume counts millionths of a coin. */
const COIN_QUANTITY_SCALE = 1_000_000

function digitalCurrency(base: string, name: string, priceRupees: number, dailyVolatilityBp: number, dailyCoins: number, factorShareBp = 6000): DigitalCurrency {
  return Object.freeze({
    kind: 'crypto',
    symbol: `${base}INR`,
    name,
    base,
    quote: 'INR',
    priceScale: PAISE,
    tickSize: 1,
    referencePrice: Math.round(priceRupees * PAISE),
    dailyVolatilityBp,
    factorShareBp,
    referenceDailyVolume: dailyCoins * COIN_QUANTITY_SCALE,
    quantityScale: COIN_QUANTITY_SCALE,
  })
}

export const DIGITAL_CURRENCIES: readonly DigitalCurrency[] = Object.freeze([
  digitalCurrency('BTC', 'Bitcoin / Indian rupee', 8_000_000, 300, 200),
  digitalCurrency('ETH', 'Ether / Indian rupee', 270_000, 400, 3_000),
  digitalCurrency('SOL', 'Solana / Indian rupee', 12_500, 500, 20_000),
  digitalCurrency('XRP', 'XRP / Indian rupee', 190, 500, 5_000_000),
  // A dollar stablecoin: it follows the dollar, not the coin market.
  digitalCurrency('USDT', 'Tether (USD stablecoin) / Indian rupee', 90, 20, 50_000_000, 0),
])

export const INSTRUMENTS: readonly Instrument[] = Object.freeze([...STOCKS, ...INDICES, ...FOREX_PAIRS, ...DIGITAL_CURRENCIES])

const BY_SYMBOL: ReadonlyMap<string, Instrument> = new Map(INSTRUMENTS.map((i) => [i.symbol, i]))

/** The instrument with this symbol, or undefined. */
export function findInstrument(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol)
}

/** The stock with this symbol; throws for anything else, since callers pass known symbols. */
export function stockBySymbol(symbol: string): Stock {
  const found = BY_SYMBOL.get(symbol)
  if (found?.kind !== 'stock') throw new Error(`no stock ${symbol} in the universe`)
  return found
}

export function indexBySymbol(symbol: IndexSymbol): MarketIndex {
  const found = BY_SYMBOL.get(symbol)
  if (found?.kind !== 'index') throw new Error(`no index ${symbol} in the universe`)
  return found
}

export function isSimulated(instrument: Instrument): instrument is SimulatedInstrument {
  return instrument.kind !== 'index'
}

/** The indices a stock belongs to, e.g. for a stock's detail screen. */
export function indicesOf(symbol: string): readonly MarketIndex[] {
  return INDICES.filter((index) => index.constituents.includes(symbol))
}
