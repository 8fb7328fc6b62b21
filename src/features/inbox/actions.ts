/** Actions of the inbox screen: through src/data/inbox.ts. */
export { markInboxRead, refreshInbox } from '../../data/inbox'
