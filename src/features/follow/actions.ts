/** Actions of the copy-trading screens: through src/data/follow.ts. */
export { invest, redeem, refreshDetail, refreshInvestments, refreshProducts, refreshStrategies } from '../../data/follow'
