/** Actions of the dividends screen: through src/data/dividends.ts. */
export { applyForDividend, refreshDividends } from '../../data/dividends'
