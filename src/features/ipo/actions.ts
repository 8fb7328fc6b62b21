/** Actions of the new-share screens: through src/data/ipo.ts. */
export { payAllotment, refreshApplications, refreshIssues, subscribe, waiveAllotment } from '../../data/ipo'
