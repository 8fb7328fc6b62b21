/** Actions of the loan screens: through src/data/loan.ts. */
export { applyLoan, cancelLoan, refreshLoanInfo, refreshLoanRecords, repayLoan, requestCredit } from '../../data/loan'
export { refreshUserInfo } from '../../data/sync'
