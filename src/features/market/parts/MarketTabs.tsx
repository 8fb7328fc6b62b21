import { useLayoutEffect, useRef } from 'react'
import { Link, useRouter } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export type MarketTab = 'quotes' | 'funds' | 'featured' | 'indicators' | 'issues' | 'forex'

// Exact, search included: otherwise Quotes (no search) also counts as current on ?tab=forex.
const EXACT = { exact: true }

/** The market screen's tabs; featured, indicators and market issues are screens of their own. */
export function MarketTabs({ active }: { active: MarketTab }) {
  const strip = useRef<HTMLElement>(null)
  const router = useRouter()
  // The strip is wider than a phone: bring the chosen tab into its visible part, on arrival and on
  // every change. Only the strip scrolls sideways; the page itself never moves. Again once the
  // router has rendered: its scroll restoration carries the strip's offset over from the screen
  // before, after this component's own effects have run.
  useLayoutEffect(() => {
    const reveal = () => {
      const nav = strip.current
      const tab = nav?.querySelector<HTMLElement>('.mkt-tab--on')
      if (nav && tab) nav.scrollLeft = nearestScrollLeft(nav, tab)
    }
    reveal()
    return router.subscribe('onRendered', reveal)
  }, [active, router])
  const cls = (tab: MarketTab) => `mkt-tab${tab === active ? ' mkt-tab--on' : ''}`
  const current = (tab: MarketTab) => (tab === active ? ('page' as const) : undefined)
  return (
    <nav className="mkt-tabs" data-testid="market-tabs" ref={strip}>
      <Link to="/market/index" search={{}} replace activeOptions={EXACT} className={cls('quotes')} aria-current={current('quotes')}><Trans>Quotes</Trans></Link>
      <Link to="/market/index" search={{ tab: 'funds' }} replace activeOptions={EXACT} className={cls('funds')} aria-current={current('funds')}><Trans>Funds</Trans></Link>
      <Link to="/market/marketTeshe" replace activeOptions={EXACT} className={cls('featured')} aria-current={current('featured')}><Trans>Featured</Trans></Link>
      <Link to="/market/marketZhiBiao" replace activeOptions={EXACT} className={cls('indicators')} aria-current={current('indicators')}><Trans>Indicators</Trans></Link>
      <Link to="/market/marketQuestion" replace activeOptions={EXACT} className={cls('issues')} aria-current={current('issues')}><Trans>Market issues</Trans></Link>
      <Link to="/market/index" search={{ tab: 'forex' }} replace activeOptions={EXACT} className={cls('forex')} aria-current={current('forex')}><Trans>Foreign exchange</Trans></Link>
    </nav>
  )
}

/**
 * The strip's scroll offset that shows all of `tab` with the least movement, with a little of its
 * neighbour showing so the strip reads as scrollable (what `scrollIntoView({ inline: 'nearest' })`
 * does, without also scrolling the page vertically).
 */
function nearestScrollLeft(strip: HTMLElement, tab: HTMLElement): number {
  const peek = 24
  const box = tab.getBoundingClientRect()
  const left = box.left - strip.getBoundingClientRect().left + strip.scrollLeft
  const right = left + box.width
  if (left - peek < strip.scrollLeft) return Math.max(0, left - peek)
  if (right + peek > strip.scrollLeft + strip.clientWidth) return right + peek - strip.clientWidth
  return strip.scrollLeft
}
