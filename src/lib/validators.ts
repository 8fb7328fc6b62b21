/**
 * Input formats the server enforces and the app checks first for a fast answer (DESIGN.md
 * section 4). One definition for both ends, so the two can never disagree.
 */

/** The account id: an Indian mobile number, 10 digits starting 6-9. */
export const ACCOUNT_PATTERN = /^[6-9][0-9]{9}$/
