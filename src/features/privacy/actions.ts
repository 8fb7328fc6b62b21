/** Actions of the privacy screens: through src/data/privacy.ts (calls sent at once, never queued). */
export {
  cancelDeletion,
  disableTotp,
  enableTotp,
  exportMyData,
  refreshDeletionInfo,
  requestDeletion,
  setupTotp,
} from '../../data/privacy'
export { exportCsv } from '../../data/fundRecords'
export { refreshUserInfo } from '../../data/sync'
