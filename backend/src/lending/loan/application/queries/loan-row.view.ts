const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
// The same shape as the loan detail's `approvals` ({at, actor}); the borrower passes the consent gate by signing.
const gate = (at: Date | string | null, by: string | null, role: 'staff' | 'borrower' = 'staff') =>
  at ? { at: iso(at), actor: { id: by, role } } : null;

/** A queue row as clients see it: an allow-list over the read model, with the borrower for display. */
export function loanRowView(r: any, currency: string) {
  return {
    id: r.id,
    currency,
    type: r.type,
    state: r.state,
    borrowerId: r.borrower_id,
    borrower: { id: r.borrower_id, name: r.borrower_name, email: r.borrower_email, phone: r.borrower_phone },
    amount: Number(r.amount),
    approvedAmount: r.approved_amount == null ? null : Number(r.approved_amount),
    tenureMonths: r.tenure_months,
    annualRatePercent: Number(r.annual_rate_percent),
    fee: Number(r.fee),
    score: r.score,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    submittedAt: iso(r.submitted_at),
    disbursedOn: r.disbursed_on ?? null,
    dpd: r.dpd,
    classification: r.classification,
    lastActor: { id: r.last_actor_id, role: r.last_actor_role },
    lastReason: r.last_reason,
    approvals: {
      soft: gate(r.soft_approved_at, r.soft_approved_by),
      bank: gate(r.bank_approved_at, r.bank_approved_by),
      consent: gate(r.consent_approved_at, r.consent_approved_by, 'borrower'),
      final: gate(r.final_approved_at, r.final_approved_by),
    },
  };
}
