import { createHash } from 'node:crypto';

/**
 * The words of the loan agreement, apart from its layout (agreement-pdf.renderer.ts) and figures. Changing any of
 * them changes every agreement rendered afterwards, and so its SHA-256; agreements already issued keep their stored
 * bytes. `lender`, `borrower`, `phone` and `email` arrive already made safe for the PDF fonts.
 */

export function openingParagraph(date: string, lender: string, borrower: string): string {
  return (
    `This Loan Agreement ("Agreement") is made on ${date} between ${lender} ("the Lender", "we", "us") and ` +
    `${borrower} ("the Borrower", "you"). It sets out the terms on which we lend you money. Please read the ` +
    `Key Facts and the terms below carefully before you sign. Ask us if anything is unclear.`
  );
}

export const REDUCING_BALANCE_EXPLANATION =
  'Reducing balance: interest for each month is charged only on the principal still outstanding, so ' +
  'the interest part of each instalment falls as you repay.';

export const LATE_PAYMENT_KEY_FACT =
  "As published on the Lender's Rate & Terms page on the date of this Agreement (see clause 4). " + 'Not included in the amounts above.';

export function scheduleNote(currency: string): string {
  return (
    'Amounts are in ' +
    currency +
    '. Due dates are indicative: the confirmed schedule is fixed from the date the loan is disbursed and ' +
    'will be sent to you at disbursal. The number of instalments, interest rate and fee will not change.'
  );
}

export const LENDER_SIGNATURE_NOTE = 'Issued and authorised electronically by the Lender.';

export const BORROWER_SIGNATURE_NOTE =
  'Signed electronically by one-time password (OTP). The time of signing and the SHA-256 hash of this ' +
  'document are recorded in the signing record.';

const LATE_PAYMENT_CLAUSE =
  'If an instalment is not paid in full on its due date, late-payment charges may apply. The charges, and how ' +
  "they are calculated, are those published on the Lender's Rate & Terms page as in force on the date of " +
  'this Agreement; we will not charge anything that is not published there. Late payment is reported to ' +
  'credit information companies and may affect your credit score and your ability to borrow in future.';

const PERSONAL_DATA_CLAUSE =
  'We collect and use your personal data (identity, contact, bank, employment and repayment information) ' +
  'only to assess your application, provide and service this loan, prevent fraud and meet our legal and ' +
  'regulatory obligations. We share it only with credit information companies, with service providers ' +
  'who act for us under confidentiality obligations (such as payment and collection partners), and with ' +
  'authorities where the law requires. We do not sell your data. You may ask to see or correct your data ' +
  'and withdraw consent for optional uses, as explained in our Privacy Policy. We keep your data only for ' +
  'as long as the law requires.';

/**
 * The bureau-reporting consent (DPDP Act, issue 33 item 5) a borrower gives by signing the agreement: its two clauses
 * on credit information companies, verbatim. The version is named by the text's SHA-256, so a changed clause is a
 * new version without anyone having to remember to bump it.
 */
export const BUREAU_REPORTING_CONSENT_TEXT = `Late payment: ${LATE_PAYMENT_CLAUSE} Your personal data: ${PERSONAL_DATA_CLAUSE}`;
export const BUREAU_REPORTING_CONSENT_VERSION = `agreement-${createHash('sha256').update(BUREAU_REPORTING_CONSENT_TEXT, 'utf8').digest('hex').slice(0, 12)}`;

/** The numbered clauses, as [heading, text]. */
export function agreementClauses(isEmi: boolean, contact: { phone: string; email: string }): [string, string][] {
  const { phone, email } = contact;
  return [
    [
      'The loan',
      'We agree to lend you the Loan amount shown in the Key facts on the terms of this Agreement. The Key facts ' +
        'and the repayment schedule form part of this Agreement. We pay the loan into the bank account you have ' +
        'verified with us after you have signed. The loan is for your personal use.',
    ],
    [
      'Repayment',
      (isEmi
        ? 'You agree to repay the loan, with interest calculated on the reducing balance, in equal monthly ' +
          'instalments (EMIs) on the due dates in the repayment schedule. The last instalment may differ slightly ' +
          'because of rounding. '
        : 'You agree to repay the salary advance, with the flat fee and any interest shown in the Key facts, on the ' +
          'due date in the repayment schedule. ') +
        'Payments are collected through the repayment method you set up with us (for example an auto-debit ' +
        'mandate). Please keep enough money in your account on each due date. You remain responsible for paying ' +
        'on time even if an automatic collection fails.',
    ],
    [
      'Prepayment',
      'You may repay the whole loan, or part of it, at any time before it is due. We do not charge any ' +
        'prepayment or foreclosure penalty. Interest is charged only up to the date you repay. After a part ' +
        'prepayment we will send you an updated repayment schedule.',
    ],
    ['Late payment', LATE_PAYMENT_CLAUSE],
    [
      'Default and collections',
      'You are in default if you do not pay an amount when due and do not pay it after we remind you, or if ' +
        'information you gave us to obtain this loan was materially false. If you are in default we will write ' +
        'to you before taking further action, and we may then ask you to repay the whole outstanding amount. ' +
        'We, and any collection agent acting for us, will treat you fairly and respectfully: we will contact you ' +
        'only at reasonable hours, will not threaten, harass or embarrass you, and will not contact your family, ' +
        'friends or employer about your debt except as the law allows or as you have agreed. Collection ' +
        'agents will identify themselves and carry our written authority. We may take lawful recovery action if the default continues.',
    ],
    [
      'Cooling-off and cancellation before disbursal',
      'You may cancel this Agreement at any time before the loan is disbursed, free of charge, by telling us ' +
        'through the app or by email. If you cancel, you owe nothing under this Agreement and we will refund ' +
        "any fee you have already paid. Any cooling-off period after disbursal is described on the Lender's " +
        'Rate & Terms page.',
    ],
    ['Your personal data', PERSONAL_DATA_CLAUSE],
    [
      'Complaints and grievance redressal',
      'If you are unhappy with our service, contact our Grievance Redressal Officer using the details published ' +
        'on our website and in the app. We will acknowledge your complaint and respond within the time set out ' +
        'in our Grievance Redressal Policy. If your complaint is not resolved, or you are not satisfied with our ' +
        'reply, you may escalate it to the ombudsman or regulator that supervises the Lender.',
    ],
    [
      'Electronic signature',
      `You sign this Agreement electronically by entering a one-time password (OTP) sent to your registered ` +
        `mobile number (${phone}) or email address (${email}). By entering the OTP you confirm that you have ` +
        'read and accept exactly this document, which is identified by its SHA-256 hash. We record that hash ' +
        'together with the time of signing and the OTP verification, and send you a copy of the signed ' +
        'document. A copy whose SHA-256 hash differs is not the document you signed. You agree that accepting ' +
        'this Agreement in this way creates a binding contract, just as a handwritten signature would.',
    ],
    [
      'Notices',
      'We will send notices and statements to your registered email address or mobile number, or through the ' +
        'app. Please tell us promptly if your contact details change.',
    ],
    [
      'Governing law',
      'This Agreement is governed by the laws of India. The competent courts in India have jurisdiction, ' +
        'without affecting your right to use the complaint and grievance redressal routes described above.',
    ],
  ];
}
