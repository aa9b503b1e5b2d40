/**
 * What other contexts may use of origination (DESIGN §2; checked by .dependency-cruiser.cjs): whether a borrower's
 * profile is complete enough to apply.
 */
export { ProfileCompleteness } from './profile-completeness.port.js';
