import { type QuoteRow } from '../../../data/db'
import { formatPrice, formatRateBp } from '../../../lib/money'

/** up / down / flat: the colour class of a move (the sign says it too, not only the colour). */
export function trend(value: number): 'up' | 'down' | 'flat' {
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat'
}

/** "+1.23%" in green, "-0.45%" in red, "0.00%" plain. */
export function ChangeRate({ bp, pill = false }: { bp: number; pill?: boolean }) {
  return <span className={`chg chg--${trend(bp)}${pill ? ' chg--pill' : ''}`}>{formatRateBp(bp)}</span>
}

/** The signed price change of a quote, e.g. "+12.50". */
export function ChangeAmount({ quote }: { quote: Pick<QuoteRow, 'change' | 'priceScale'> }) {
  return <span className={`chg chg--${trend(quote.change)}`}>{formatPrice(quote.change, quote.priceScale, { signed: true })}</span>
}

/** The price, coloured by the day's move. */
export function Price({ quote, className = '' }: { quote: Pick<QuoteRow, 'price' | 'priceScale' | 'change'>; className?: string }) {
  return <span className={`price chg--${trend(quote.change)} ${className}`}>{formatPrice(quote.price, quote.priceScale)}</span>
}
