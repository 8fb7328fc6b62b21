/** Actions of the customer-service screens: through src/data/support.ts. */
export {
  closeSupportThread,
  createGuestThread,
  createSupportThread,
  fetchGuestThread,
  forgetSupportGuest,
  markSupportRead,
  refreshSupportThread,
  refreshSupportThreads,
  resetGuestPassword,
  sendGuestMessage,
  sendSupportMessage,
  uploadSupportImages,
} from '../../data/support'
export { fetchPicture } from '../../data/usdt'
