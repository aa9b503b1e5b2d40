import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { formatMoney, parseAmount } from '@lending/web-common/format';
import { saveStep, type QuickStartStepName } from '../../../api/quickStart';
import type { CalculatorValue } from '../../../components/EmiCalculator';
import { EmiTermsCalculator } from '../../../components/EmiTermsCalculator';
import { suggestedAmount, suggestedMonths, useProducts } from '../../../lending/products';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';
import { SelectField } from './Frame';
import type { StepProps } from './stepProps';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** A step's form: saves its fields and moves on; the server's messages appear beside each field. */
function useStep({ proof, onSaved }: StepProps, step: QuickStartStepName) {
  const { errors, busy, run } = useSubmit();
  const save = (fields: object) => run(async () => onSaved(await saveStep(proof, step, fields)));
  return { errors, busy, save };
}

function Continue({ busy }: { busy: boolean }) {
  return (
    <button className="button button--primary button--block" type="submit" disabled={busy}>
      {busy ? 'Saving…' : 'Continue'}
    </button>
  );
}

function StepForm({ onSubmit, form, children }: { onSubmit(data: FormData): void; form: string | null; children: ReactNode }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(new FormData(e.currentTarget));
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={form} />
      {children}
    </form>
  );
}

/** Step0: name, email, date of birth, gender, marital status. */
export function BasicStep(props: StepProps) {
  const { errors, busy, save } = useStep(props, 'basic');
  const a = props.view.answers.basic;
  return (
    <StepForm
      form={errors.form}
      onSubmit={(d) =>
        void save({
          name: text(d, 'name'),
          email: text(d, 'email'),
          dateOfBirth: text(d, 'dateOfBirth'),
          gender: text(d, 'gender'),
          maritalStatus: text(d, 'maritalStatus'),
        })
      }
    >
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        defaultValue={a?.name}
        error={errors.fields.name}
        hint="As on your PAN card"
      />
      <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={a?.email} error={errors.fields.email} />
      <Field
        label="Date of birth"
        name="dateOfBirth"
        type="date"
        autoComplete="bday"
        defaultValue={a?.dateOfBirth}
        error={errors.fields.dateOfBirth}
        hint="You must be 18 or older"
      />
      <SelectField
        label="Gender"
        name="gender"
        defaultValue={a?.gender}
        error={errors.fields.gender}
        options={[
          ['female', 'Female'],
          ['male', 'Male'],
          ['other', 'Other'],
          ['undisclosed', 'Prefer not to say'],
        ]}
      />
      <SelectField
        label="Marital status"
        name="maritalStatus"
        defaultValue={a?.maritalStatus}
        error={errors.fields.maritalStatus}
        options={[
          ['single', 'Single'],
          ['married', 'Married'],
          ['divorced', 'Divorced'],
          ['widowed', 'Widowed'],
        ]}
      />
      <Continue busy={busy} />
    </StepForm>
  );
}

/** Step1: salaried or self-employed, and where. */
export function EmploymentStep(props: StepProps) {
  const { errors, busy, save } = useStep(props, 'employment');
  const a = props.view.answers.employment;
  return (
    <StepForm form={errors.form} onSubmit={(d) => void save({ employmentType: text(d, 'employmentType'), employer: text(d, 'employer') })}>
      <SelectField
        label="You are"
        name="employmentType"
        defaultValue={a?.employmentType}
        error={errors.fields.employmentType}
        options={[
          ['salaried', 'Salaried'],
          ['selfEmployed', 'Self-employed'],
        ]}
      />
      <Field
        label="Employer or business name"
        name="employer"
        autoComplete="organization"
        defaultValue={a?.employer}
        error={errors.fields.employer}
      />
      <Continue busy={busy} />
    </StepForm>
  );
}

/** Step2: monthly net income (rupees on the page, paise to the server) and pay day. */
export function IncomeStep(props: StepProps) {
  const { errors, busy, save } = useStep(props, 'income');
  const a = props.view.answers.income;
  const submit = (d: FormData) => {
    const income = parseAmount(text(d, 'monthlyNetIncome'), 'INR');
    const payDay = Number(text(d, 'payDayOfMonth'));
    if (income === null)
      return errors.set({ monthlyNetIncome: 'Enter your monthly take-home pay in rupees' }, 'Please correct the fields marked below.');
    void save({ monthlyNetIncome: income, payDayOfMonth: Number.isInteger(payDay) && text(d, 'payDayOfMonth') !== '' ? payDay : null });
  };
  return (
    <StepForm form={errors.form} onSubmit={submit}>
      <Field
        label="Monthly take-home pay (₹)"
        name="monthlyNetIncome"
        inputMode="decimal"
        defaultValue={a ? String(a.monthlyNetIncome / 100) : ''}
        error={errors.fields.monthlyNetIncome}
        hint="After tax and deductions"
      />
      <Field
        label="Pay day (day of the month)"
        name="payDayOfMonth"
        type="number"
        min={1}
        max={31}
        inputMode="numeric"
        defaultValue={a ? String(a.payDayOfMonth) : ''}
        error={errors.fields.payDayOfMonth}
        hint="The day your salary or income usually arrives, 1 to 31"
      />
      <Continue busy={busy} />
    </StepForm>
  );
}

/** Step3: the loan type, amount and tenure, with the EMI calculator on the open product's bounds. */
export function LoanStep(props: StepProps) {
  const { errors, busy, save } = useStep(props, 'loan');
  const a = props.view.answers.loan;
  const { products, error } = useProducts();
  const [type, setType] = useState<'EMI' | 'salaryAdvance'>(a?.type ?? 'EMI');
  const product = products?.find((p) => p.type === type);
  const [value, setValue] = useState<CalculatorValue | null>(null);
  const [advanceText, setAdvanceText] = useState(a?.type === 'salaryAdvance' ? String(a.amount / 100) : '');
  const onChange = useCallback((v: CalculatorValue) => setValue(v), []);
  if (error) return <FormAlert message={`Our loan products could not be loaded: ${error.message}`} />;
  if (!products) return <p className="muted">Loading our loan products…</p>;
  const offered = (['EMI', 'salaryAdvance'] as const).filter((t) => products.some((p) => p.type === t));
  const submit = () => {
    if (!product) return;
    if (type === 'EMI') {
      if (!value || value.principal === null || value.months === null)
        return errors.set({ amount: 'Choose an amount and tenure' }, 'Please correct the fields marked below.');
      void save({ type, productId: product.id, amount: value.principal, tenureMonths: value.months });
    } else {
      const amount = parseAmount(advanceText, 'INR');
      if (amount === null) return errors.set({ amount: 'Enter the amount you need in rupees' }, 'Please correct the fields marked below.');
      void save({ type, productId: product.id, amount });
    }
  };
  const fieldMessage = errors.fields.amount ?? errors.fields.tenureMonths ?? errors.fields.type ?? errors.fields.productId;
  return (
    <StepForm form={fieldMessage ? `${errors.form ?? ''} ${fieldMessage}`.trim() : errors.form} onSubmit={submit}>
      <fieldset className="product-choice">
        <legend>Type of loan</legend>
        {offered.map((t) => (
          <label key={t} className="check">
            <input type="radio" name="type" value={t} checked={type === t} onChange={() => setType(t)} />{' '}
            {t === 'EMI' ? 'Personal loan, repaid in monthly EMIs' : 'Salary advance, repaid on your next pay day'}
          </label>
        ))}
      </fieldset>
      {product && type === 'EMI' && (
        <EmiTermsCalculator
          key={product.id}
          product={product}
          principal={a?.type === 'EMI' ? a.amount : suggestedAmount(product)}
          months={a?.type === 'EMI' && a.tenureMonths ? a.tenureMonths : suggestedMonths(product)}
          onChange={onChange}
        />
      )}
      {product && type === 'salaryAdvance' && (
        <Field
          label="Amount (₹)"
          name="advance"
          inputMode="decimal"
          value={advanceText}
          onChange={(e) => setAdvanceText(e.target.value)}
          error={errors.fields.amount}
          hint={`Between ${formatMoney(product.minAmount, product.currency)} and ${formatMoney(product.maxAmount, product.currency)}; fee ${product.processingFeePercent}%`}
        />
      )}
      <Continue busy={busy} />
    </StepForm>
  );
}

/** Step4: the three consents, each on its own text (the version sent back is the one shown). */
export function ConsentsStep(props: StepProps) {
  const { errors, busy, save } = useStep(props, 'consents');
  const given = props.view.answers.consents ?? {};
  const submit = (d: FormData) => {
    const body = Object.fromEntries(props.view.consents.map((c) => [c.key, { accepted: d.get(c.key) === 'on', version: c.version }]));
    const missing = props.view.consents.filter((c) => d.get(c.key) !== 'on');
    if (missing.length > 0)
      return errors.set(
        Object.fromEntries(missing.map((c) => [`${c.key}.accepted`, 'Tick this box to continue'])),
        'Please accept each of the three to continue.',
      );
    void save(body);
  };
  const LABELS: Record<string, string> = { creditCheck: 'Credit check', terms: 'Terms and conditions', privacy: 'Privacy policy' };
  return (
    <StepForm form={errors.form} onSubmit={submit}>
      {props.view.consents.map((c) => {
        const error = errors.fields[`${c.key}.accepted`] ?? errors.fields[`${c.key}.version`];
        return (
          <div key={c.key} className="quick-start__consent">
            <input
              id={`consent-${c.key}`}
              type="checkbox"
              name={c.key}
              defaultChecked={given[c.key]?.version === c.version}
              aria-invalid={!!error}
              aria-describedby={error ? `consent-${c.key}-msg` : undefined}
            />
            <label htmlFor={`consent-${c.key}`}>
              <strong>{LABELS[c.key] ?? c.key}.</strong> {c.text} <span className="muted small">(version {c.version})</span>
            </label>
            {error && (
              <p id={`consent-${c.key}-msg`} className="field__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Continue busy={busy} />
    </StepForm>
  );
}
