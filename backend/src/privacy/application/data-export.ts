import type { HelpIssueRecord } from '../../content/public/index.js';
import type { PushDeviceRecord, SentMessageRecord } from '../../communications/public/index.js';
import type { AccountRecord, DeviceSessionRecord } from '../../identity/public/index.js';
import type { LoanRecord } from '../../lending/public/index.js';
import type { ConsentRecord, ProfileSectionRecord, UploadRecord } from '../../origination/public/index.js';
import type { ErasureRequestView } from './erasure-request.view.js';

/**
 * Everything the lender holds about a borrower, as they download it (DPDP Act, 2023, s. 11: a summary of the personal
 * data processed): the account, the devices signed in, the profile (KYC fields masked as the portal masks them), the
 * uploads (what, not their bytes), the consents, applications and loans with schedules and payments, help issues,
 * messages sent, push devices and erasure requests. Money in paise.
 */
export type DataExport = {
  kind: 'personal-data-export';
  generatedAt: string;
  borrowerId: string;
  account: AccountRecord;
  sessions: DeviceSessionRecord[];
  profile: ProfileSectionRecord[];
  uploads: UploadRecord[];
  consents: ConsentRecord[];
  loans: LoanRecord[];
  helpIssues: HelpIssueRecord[];
  messages: SentMessageRecord[];
  pushDevices: PushDeviceRecord[];
  erasureRequests: ErasureRequestView[];
};
