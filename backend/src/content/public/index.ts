/**
 * What other contexts may use of content (DESIGN §2; checked by .dependency-cruiser.cjs): a borrower's help issues
 * for the privacy context (the data download and erasure, DPDP Act 2023). Everything else in content is its own.
 */
export { HelpIssuePersonalData, type HelpIssueRecord } from './help-issue-personal-data.port.js';
