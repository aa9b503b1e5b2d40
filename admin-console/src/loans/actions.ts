import type { ReactNode } from 'react';
import type { LoanAction } from '../providers/dataProvider';
import { toMinor } from '@lending/web-common/format';

/** A field a staff member fills in to take an action (docs/api.md "Staff: loan commands"). */
export type ActionField = {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'number' | 'date' | 'multiline' | 'select';
  /** The options of a select. */
  choices?: { id: string; name: string }[];
  /** What the field holds when the dialog opens (an amount due, today's business date). */
  defaultValue?: string;
  helperText?: string;
  validate?: (value: string) => string | null;
};

/** A confirmed staff action with its fields: the loan commands here, payment commands in ../payments. */
export type ActionSpec<Action extends string = LoanAction> = {
  action: Action;
  label: string;
  /** The question the confirmation asks. */
  confirm: string;
  color: 'primary' | 'error' | 'success';
  fields: ActionField[];
  /** Rules across fields (a reference required for every method but cash), by field name. */
  check?: (values: Record<string, string>) => Record<string, string>;
  /** Shown under the fields as they change, e.g. the schedule a payment would leave. */
  preview?: (values: Record<string, string>) => ReactNode;
  /** The request body from the form's values. */
  body: (values: Record<string, string>, currency: string) => Record<string, unknown>;
};

const note: ActionField = { name: 'reason', label: 'Note (optional)', type: 'multiline' };
const optional = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);
const withNote = (values: Record<string, string>) => (optional(values.reason) ? { reason: optional(values.reason) } : {});

export const ACTIONS: Record<LoanAction, ActionSpec> = {
  accept: {
    action: 'accept',
    label: 'Accept for review',
    confirm: 'Accept this application for the soft credit check?',
    color: 'primary',
    fields: [note],
    body: withNote,
  },
  'approve-soft': {
    action: 'approve-soft',
    label: 'Approve soft check',
    confirm: 'Approve the soft credit check?',
    color: 'success',
    fields: [
      {
        name: 'score',
        label: 'Credit score (300–900)',
        required: true,
        type: 'number',
        validate: (v) => (/^\d+$/.test(v) && Number(v) >= 300 && Number(v) <= 900 ? null : 'A whole number from 300 to 900'),
      },
      {
        name: 'approvedAmount',
        label: 'Approved amount (optional)',
        type: 'number',
        helperText: 'In rupees; at most the amount asked for. Empty: the amount asked for.',
        validate: (v) => (!v || Number(v) > 0 ? null : 'A positive amount'),
      },
      note,
    ],
    body: (values, currency) => ({
      score: Number(values.score),
      ...(optional(values.approvedAmount) ? { approvedAmount: toMinor(values.approvedAmount, currency) } : {}),
      ...withNote(values),
    }),
  },
  'approve-bank': {
    action: 'approve-bank',
    label: 'Approve bank verification',
    confirm:
      "Verify the account in the borrower's Bank section. A penny drop credits ₹1 to it and checks that the bank holds it in the borrower's name; verify manually only after checking a cancelled cheque or a bank statement, and say so.",
    color: 'success',
    fields: [
      {
        name: 'method',
        label: 'How',
        type: 'select',
        required: true,
        defaultValue: 'penny-drop',
        choices: [
          { id: 'penny-drop', name: 'Penny drop (₹1 credit, the bank confirms the name)' },
          { id: 'manual', name: 'Manually (cheque or statement checked)' },
        ],
      },
      {
        name: 'reason',
        label: 'Reason (required for manual)',
        type: 'multiline',
        helperText: 'For a manual verification: what you checked',
      },
    ],
    check: (values): Record<string, string> =>
      values.method === 'manual' && !optional(values.reason)
        ? { reason: 'Say how you checked the account (required for a manual verification)' }
        : {},
    body: (values) => ({ method: values.method || 'penny-drop', ...withNote(values) }),
  },
  'issue-agreement': {
    action: 'issue-agreement',
    label: 'Issue agreement',
    confirm: 'Render the loan agreement and send it to the borrower to sign?',
    color: 'primary',
    fields: [note],
    body: withNote,
  },
  'approve-final': {
    action: 'approve-final',
    label: 'Grant final approval',
    confirm: 'Grant final approval? The loan moves to disbursal.',
    color: 'success',
    fields: [note],
    body: withNote,
  },
  disburse: {
    action: 'disburse',
    label: 'Record disbursal',
    confirm: 'Record that the money was sent? This fixes the repayment schedule.',
    color: 'success',
    fields: [
      { name: 'payoutReference', label: 'Payout reference (UTR)', required: true },
      { name: 'disbursedOn', label: 'Disbursed on', type: 'date', helperText: 'Empty: today' },
      {
        name: 'payeeAccountNumber',
        label: 'Account number paid (optional)',
        helperText: 'Empty: paid to the verified account above. Filled: checked against it',
        validate: (v) => (/^\d{9,18}$/.test(v) ? null : 'An account number is 9 to 18 digits'),
      },
      { name: 'payeeIfsc', label: 'IFSC of the account paid', helperText: 'With the account number' },
      note,
    ],
    // The account paid is checked by the server against the verified one: both parts or neither.
    check: (values): Record<string, string> => {
      const account = optional(values.payeeAccountNumber);
      const ifsc = optional(values.payeeIfsc);
      if (account && !ifsc) return { payeeIfsc: 'Required with the account number' };
      if (ifsc && !account) return { payeeAccountNumber: 'Required with the IFSC' };
      return {};
    },
    body: (values) => ({
      payoutReference: values.payoutReference.trim(),
      ...(optional(values.disbursedOn) ? { disbursedOn: values.disbursedOn } : {}),
      ...(optional(values.payeeAccountNumber) && optional(values.payeeIfsc)
        ? { payeeAccount: { accountNumber: optional(values.payeeAccountNumber), ifsc: optional(values.payeeIfsc)!.toUpperCase() } }
        : {}),
      ...withNote(values),
    }),
  },
  reject: {
    action: 'reject',
    label: 'Reject',
    confirm: 'Reject this loan? This cannot be undone.',
    color: 'error',
    fields: [{ name: 'reason', label: 'Reason', required: true, type: 'multiline' }],
    body: (values) => ({ reason: values.reason.trim() }),
  },
};

/** The actions staff can take, in the order the page shows them (rejection last). */
export const STAFF_ACTIONS = Object.keys(ACTIONS) as LoanAction[];

/** Validation messages for the dialog's values, by field name; empty when the form may be sent. */
export function validateAction(spec: ActionSpec<string>, values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of spec.fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) errors[field.name] = 'Required';
    else if (value && field.validate) {
      const message = field.validate(value);
      if (message) errors[field.name] = message;
    }
  }
  return { ...spec.check?.(values), ...errors };
}
