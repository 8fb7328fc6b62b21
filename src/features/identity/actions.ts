/** Actions of the identity and bank-card screens: through src/data/identity.ts. */
import { addBankCard, refreshBankCards, refreshRealName, submitRealName } from '../../data/identity'
import { discard } from '../../data/outbox'

export { addBankCard, discard, refreshBankCards, refreshRealName, submitRealName }
