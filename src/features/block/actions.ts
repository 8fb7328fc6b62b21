/** Actions of the block-trade screens: through src/data/block.ts. */
export { applyBlock, fetchBlockDraw, refreshBlockApplications, refreshOffering, refreshOfferings } from '../../data/block'
