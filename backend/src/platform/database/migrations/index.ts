import type { Migration, MigrationProvider } from 'kysely';
import * as eventStore from './0001-0020/0001-event-store.js';
import * as identity from './0001-0020/0002-identity.js';
import * as lending from './0001-0020/0003-lending.js';
import * as sessionsAndPermissions from './0001-0020/0004-sessions-and-permissions.js';
import * as communications from './0001-0020/0005-communications.js';
import * as loanActivityIndexes from './0001-0020/0006-loan-activity-indexes.js';
import * as sessionsKnownDevices from './0001-0020/0007-sessions-known-devices.js';
import * as emailSecrets from './0001-0020/0008-email-secrets.js';
import * as loanBorrowers from './0001-0020/0009-loan-borrowers.js';
import * as documents from './0001-0020/0010-documents.js';
import * as appendStatement from './0001-0020/0011-append-statement.js';
import * as loanQueueCounters from './0001-0020/0012-loan-queue-counters.js';
import * as accessChangedNotifications from './0001-0020/0013-access-changed-notifications.js';
import * as productsAndBusinessDate from './0001-0020/0014-products-and-business-date.js';
import * as servicing from './0001-0020/0015-servicing.js';
import * as origination from './0001-0020/0016-origination.js';
import * as communicationsAndContent from './0001-0020/0017-communications-and-content.js';
import * as collections from './0001-0020/0018-collections.js';
import * as leadAgents from './0001-0020/0019-lead-agents.js';
import * as collectionQueues from './0001-0020/0020-collection-queues.js';
import * as settlementAndWriteOff from './0021-0040/0021-settlement-and-write-off.js';
import * as collectionReminders from './0021-0040/0022-collection-reminders.js';
import * as nextCloseOfBusiness from './0021-0040/0023-next-close-of-business.js';
import * as operations from './0021-0040/0024-operations.js';
import * as customerSearch from './0021-0040/0026-customer-search.js';
import * as agreements from './0021-0040/0027-agreements.js';
import * as pushNotifications from './0021-0040/0028-push-notifications.js';
import * as channels from './0021-0040/0029-channels.js';
import * as helpIssuesAndStatePages from './0021-0040/0030-help-issues-and-state-pages.js';
import * as settlementRejections from './0021-0040/0032-settlement-rejections.js';
import * as otpUsedFor from './0021-0040/0033-otp-used-for.js';
import * as emailTemplateSource from './0021-0040/0034-email-template-source.js';
import * as collectionReminderOutcomes from './0021-0040/0035-collection-reminder-outcomes.js';
import * as productRequiredProfileSections from './0021-0040/0036-product-required-profile-sections.js';
import * as phonesInOneForm from './0021-0040/0037-phones-in-one-form.js';
import * as instalmentOwedParts from './0021-0040/0038-instalment-owed-parts.js';
import * as closeOfBusinessRuns from './0021-0040/0039-close-of-business-runs.js';
import * as productAdvancePayment from './0021-0040/0040-product-advance-payment.js';
import * as projectionRebuildsPending from './0041-0060/0041-projection-rebuilds-pending.js';
import * as accounting from './0041-0060/0042-accounting.js';
import * as mandates from './0041-0060/0045-mandates.js';
import * as coolingOffExit from './0041-0060/0048-cooling-off-exit.js';
import * as grievances from './0041-0060/0050-grievances.js';
import * as borrowerSearchText from './0041-0060/0052-borrower-search-text.js';
import * as manualJournalAndPeriods from './0041-0060/0053-manual-journal-and-periods.js';
import * as productMandateSettings from './0041-0060/0054-product-mandate-settings.js';
import * as documentDeliveries from './0041-0060/0055-document-deliveries.js';
import * as borrowerConsents from './0041-0060/0056-borrower-consents.js';
import * as autoDebitNotices from './0041-0060/0057-auto-debit-notices.js';
import * as bureauRuns from './0041-0060/0058-bureau-runs.js';
import * as erasureRequests from './0041-0060/0059-erasure-requests.js';
import * as emailVerification from './0041-0060/0060-email-verification.js';
import * as accrualAndProvisions from './0061-0080/0061-accrual-and-provisions.js';
import * as bounceChargesFolded from './0061-0080/0062-bounce-charges-folded.js';
import * as accrualSetBased from './0061-0080/0063-accrual-set-based.js';
import * as instalmentsClosedOut from './0061-0080/0065-instalments-closed-out.js';
import * as mandatePresentationSends from './0061-0080/0066-mandate-presentation-sends.js';
import * as loanStateLz4 from './0061-0080/0067-loan-state-lz4.js';
import * as loanSummariesRoomForHotUpdates from './0061-0080/0068-loan-summaries-room-for-hot-updates.js';
import * as openInstalmentsByDueDate from './0061-0080/0069-open-instalments-by-due-date.js';
import * as loanMandatesStateApart from './0061-0080/0070-loan-mandates-state-apart.js';
import * as loanSummariesByStateAndBorrower from './0061-0080/0071-loan-summaries-by-state-and-borrower.js';
import * as loanCollectionsStateApart from './0061-0080/0072-loan-collections-state-apart.js';
import * as queueCountsOfInsertedRowsOnly from './0061-0080/0073-queue-counts-of-inserted-rows-only.js';
import * as loanIdSearchApart from './0061-0080/0074-loan-id-search-apart.js';

/** Migrations are compiled in, so the API, the worker and the CLI run the same list wherever they are deployed. */
export const migrationProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001-event-store': eventStore,
      '0002-identity': identity,
      '0003-lending': lending,
      '0004-sessions-and-permissions': sessionsAndPermissions,
      '0005-communications': communications,
      '0006-loan-activity-indexes': loanActivityIndexes,
      '0007-sessions-known-devices': sessionsKnownDevices,
      '0008-email-secrets': emailSecrets,
      '0009-loan-borrowers': loanBorrowers,
      '0010-documents': documents,
      '0011-append-statement': appendStatement,
      '0012-loan-queue-counters': loanQueueCounters,
      '0013-access-changed-notifications': accessChangedNotifications,
      '0014-products-and-business-date': productsAndBusinessDate,
      '0015-servicing': servicing,
      '0016-origination': origination,
      '0017-communications-and-content': communicationsAndContent,
      '0018-collections': collections,
      '0019-lead-agents': leadAgents,
      '0020-collection-queues': collectionQueues,
      '0021-settlement-and-write-off': settlementAndWriteOff,
      '0022-collection-reminders': collectionReminders,
      '0023-next-close-of-business': nextCloseOfBusiness,
      '0024-operations': operations,
      '0026-customer-search': customerSearch,
      '0027-agreements': agreements,
      '0028-push-notifications': pushNotifications,
      '0029-channels': channels,
      '0030-help-issues-and-state-pages': helpIssuesAndStatePages,
      '0032-settlement-rejections': settlementRejections,
      '0033-otp-used-for': otpUsedFor,
      '0034-email-template-source': emailTemplateSource,
      '0035-collection-reminder-outcomes': collectionReminderOutcomes,
      '0036-product-required-profile-sections': productRequiredProfileSections,
      '0037-phones-in-one-form': phonesInOneForm,
      '0038-instalment-owed-parts': instalmentOwedParts,
      '0039-close-of-business-runs': closeOfBusinessRuns,
      '0040-product-advance-payment': productAdvancePayment,
      '0041-projection-rebuilds-pending': projectionRebuildsPending,
      '0042-accounting': accounting,
      '0045-mandates': mandates,
      '0048-cooling-off-exit': coolingOffExit,
      '0050-grievances': grievances,
      '0052-borrower-search-text': borrowerSearchText,
      '0053-manual-journal-and-periods': manualJournalAndPeriods,
      '0054-product-mandate-settings': productMandateSettings,
      '0055-document-deliveries': documentDeliveries,
      '0056-borrower-consents': borrowerConsents,
      '0057-auto-debit-notices': autoDebitNotices,
      '0058-bureau-runs': bureauRuns,
      '0059-erasure-requests': erasureRequests,
      '0060-email-verification': emailVerification,
      '0061-accrual-and-provisions': accrualAndProvisions,
      '0062-bounce-charges-folded': bounceChargesFolded,
      '0063-accrual-set-based': accrualSetBased,
      '0065-instalments-closed-out': instalmentsClosedOut,
      '0066-mandate-presentation-sends': mandatePresentationSends,
      '0067-loan-state-lz4': loanStateLz4,
      '0068-loan-summaries-room-for-hot-updates': loanSummariesRoomForHotUpdates,
      '0069-open-instalments-by-due-date': openInstalmentsByDueDate,
      '0070-loan-mandates-state-apart': loanMandatesStateApart,
      '0071-loan-summaries-by-state-and-borrower': loanSummariesByStateAndBorrower,
      '0072-loan-collections-state-apart': loanCollectionsStateApart,
      '0073-queue-counts-of-inserted-rows-only': queueCountsOfInsertedRowsOnly,
      '0074-loan-id-search-apart': loanIdSearchApart,
    };
  },
};
