import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  useRecordContext,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  regex,
  required,
} from 'react-admin';
import {
  ACCOUNT_MAPPING,
  ACCOUNTING_RULE_CHOICES,
  ADVANCE_PAYMENT_CHOICES,
  ALLOCATION_CHOICES,
  PREPAYMENT_CHOICES,
  PROFILE_SECTION_CHOICES,
  TYPE_CHOICES,
} from './labels';
import { fromMajor, toMajor } from './money';

const CURRENCY = 'INR';
const whole = (v: unknown) =>
  v === null || v === undefined || v === '' || Number.isInteger(Number(v)) ? undefined : 'Must be a whole number';

/** An input-level validator for one field of validateProduct (react-admin does not combine form- and input-level validation). */
const crossField = (field: string) => (_value: unknown, values: Record<string, unknown>) => validateProduct(values)[field];

function MoneyInput({ source, label, min = 0.01 }: { source: string; label: string; min?: number }) {
  return (
    <NumberInput
      source={source}
      label={`${label} (₹)`}
      format={(v) => toMajor(v, CURRENCY)}
      parse={(v) => fromMajor(v, CURRENCY)}
      validate={[required(), number(), crossField(source)]}
      min={min}
      helperText={false}
      sx={{ flex: 1, minWidth: 180 }}
    />
  );
}

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } as const;

/** Cross-field rules, the server's too (it checks again): bounds in order. */
export function validateProduct(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const n = (k: string) => (typeof values[k] === 'number' ? (values[k] as number) : undefined);
  if (n('minAmount') !== undefined && n('maxAmount') !== undefined && n('minAmount')! > n('maxAmount')!)
    errors.minAmount = 'Must not exceed the maximum amount';
  if (
    values.type === 'EMI' &&
    n('minTenureMonths') !== undefined &&
    n('maxTenureMonths') !== undefined &&
    n('minTenureMonths')! > n('maxTenureMonths')!
  ) {
    errors.minTenureMonths = 'Must not exceed the maximum tenure';
  }
  return errors;
}

/** Code and type name what a product is: shown, not edited, once it exists. */
function FixedIdentity() {
  const product = useRecordContext<{ code: string; type: string }>();
  if (!product) return null;
  const type = TYPE_CHOICES.find((c) => c.id === product.type)?.name ?? product.type;
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      Code <strong>{product.code}</strong>, type <strong>{type}</strong> (fixed once created)
    </Typography>
  );
}

/**
 * The fields Create and Edit share. Code and type name what a product is, so they are fixed once it exists. A salary
 * advance has a flat fee and pay-day rules instead of a rate and a tenure.
 */
export function ProductInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      {create ? (
        <>
          <Box sx={row}>
            <TextInput
              source="code"
              validate={[required(), regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Lower-case letters, digits and dashes, 2 to 40')]}
              helperText="e.g. personal-loan; cannot change later"
              sx={{ flex: 1, minWidth: 200 }}
            />
            <TextInput
              source="name"
              validate={[required(), minLength(2), maxLength(100)]}
              helperText={false}
              sx={{ flex: 2, minWidth: 240 }}
            />
          </Box>
          <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} helperText="Cannot change later" />
        </>
      ) : (
        <>
          <FixedIdentity />
          <TextInput source="name" validate={[required(), minLength(2), maxLength(100)]} helperText={false} fullWidth />
        </>
      )}
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Amounts
      </Typography>
      <Box sx={row}>
        <MoneyInput source="minAmount" label="Minimum amount" />
        <MoneyInput source="maxAmount" label="Maximum amount" />
      </Box>
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 'salaryAdvance' ? (
            <>
              <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
                Flat fee and pay day
              </Typography>
              <Box sx={row}>
                <NumberInput
                  source="processingFeePercent"
                  label="Flat fee (%)"
                  validate={[required(), minValue(0), maxValue(100)]}
                  helperText="No interest: the fee is charged once"
                  sx={{ flex: 1, minWidth: 180 }}
                />
                <NumberInput
                  source="defaultPayDayOfMonth"
                  label="Default pay day"
                  validate={[required(), minValue(1), maxValue(28), whole]}
                  helperText="Day of the month, 1 to 28"
                  sx={{ flex: 1, minWidth: 160 }}
                />
                <NumberInput
                  source="minDaysToRepayment"
                  label="Minimum days to repayment"
                  validate={[required(), minValue(0), maxValue(366), whole]}
                  helperText="A closer pay day rolls to the next month"
                  sx={{ flex: 1, minWidth: 200 }}
                />
              </Box>
            </>
          ) : (
            <>
              <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
                Rate, tenure and fee
              </Typography>
              <Box sx={row}>
                <NumberInput
                  source="annualRatePercent"
                  label="Annual rate (%)"
                  validate={[required(), minValue(0), maxValue(100)]}
                  helperText="Reducing balance"
                  sx={{ flex: 1, minWidth: 160 }}
                />
                <NumberInput
                  source="processingFeePercent"
                  label="Processing fee (%)"
                  validate={[required(), minValue(0), maxValue(100)]}
                  helperText={false}
                  sx={{ flex: 1, minWidth: 160 }}
                />
                <NumberInput
                  source="minTenureMonths"
                  label="Minimum tenure (months)"
                  validate={[required(), minValue(1), maxValue(600), whole, crossField('minTenureMonths')]}
                  helperText={false}
                  sx={{ flex: 1, minWidth: 180 }}
                />
                <NumberInput
                  source="maxTenureMonths"
                  label="Maximum tenure (months)"
                  validate={[required(), minValue(1), maxValue(600), whole]}
                  helperText={false}
                  sx={{ flex: 1, minWidth: 180 }}
                />
              </Box>
            </>
          )
        }
      </FormDataConsumer>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Servicing
      </Typography>
      <Box sx={row}>
        <NumberInput
          source="graceDays"
          label="Grace days"
          validate={[required(), minValue(0), maxValue(365), whole]}
          helperText="Before a due instalment is overdue"
          sx={{ flex: 1, minWidth: 160 }}
        />
        <MoneyInput source="penalChargeFlat" label="Penal charge" min={0} />
      </Box>
      <Box sx={row}>
        <SelectInput
          source="allocationStrategy"
          label="Payment allocation"
          choices={ALLOCATION_CHOICES}
          validate={required()}
          sx={{ flex: 1, minWidth: 240 }}
        />
        <SelectInput
          source="prepaymentMode"
          label="Prepayment"
          choices={PREPAYMENT_CHOICES}
          validate={required()}
          sx={{ flex: 1, minWidth: 240 }}
        />
      </Box>
      <Box sx={row}>
        <SelectInput
          source="advancePayment"
          label="Money paid beyond the instalment of its period"
          choices={ADVANCE_PAYMENT_CHOICES}
          validate={required()}
          helperText="Borrowers and staff may still choose to reduce principal on each payment"
          sx={{ flex: 1, minWidth: 240 }}
        />
      </Box>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Auto-debit (e-NACH, UPI AutoPay)
      </Typography>
      <Box sx={row}>
        <MoneyInput source="mandateBounceCharge" label="Bounce charge" min={0} />
        <NumberInput
          source="mandateRepresentations"
          label="Re-presentations"
          validate={[required(), minValue(0), maxValue(5), whole]}
          helperText="After a bounce; none when the bank's reason makes it pointless"
          sx={{ flex: 1, minWidth: 180 }}
        />
        <NumberInput
          source="mandateRepresentAfterDays"
          label="Days between presentations"
          validate={[required(), minValue(1), maxValue(30), whole]}
          helperText={false}
          sx={{ flex: 1, minWidth: 180 }}
        />
      </Box>
      <BooleanInput
        source="mandateRequired"
        label="Require an active mandate before final approval"
        helperText="The bounce charge is a penal charge on the instalment (never interest), listed in the KFS"
      />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Accounting
      </Typography>
      <SelectInput
        source="accountingRule"
        label="Accounting rule"
        choices={ACCOUNTING_RULE_CHOICES}
        validate={required()}
        helperText="Loans keep the rule of the version they were applied under"
        sx={{ minWidth: 320 }}
      />
      <Table size="small" aria-label="Accounts its loans post to" sx={{ mb: 2, maxWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>Posting</TableCell>
            <TableCell>Account (the same for every product)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ACCOUNT_MAPPING.map((m) => (
            <TableRow key={m.posting}>
              <TableCell>{m.posting}</TableCell>
              <TableCell>{m.account}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Before submitting
      </Typography>
      <CheckboxGroupInput
        source="requiredProfileSections"
        label="Profile sections the borrower completes"
        choices={PROFILE_SECTION_CHOICES}
        helperText={
          create
            ? 'Left untouched: the deployment default (PROFILE_REQUIRED_SECTIONS). Loans keep the list of the version they were applied under.'
            : 'Loans keep the list of the version they were applied under.'
        }
      />
      <BooleanInput source="active" label="Open for applications" helperText="Closed products stay on the loans that pinned them" />
    </>
  );
}

/** What a new product starts with. */
export const NEW_PRODUCT_DEFAULTS = {
  type: 'EMI',
  currency: CURRENCY,
  graceDays: 0,
  penalChargeFlat: 0,
  allocationStrategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
  advancePayment: 'nextInstalments',
  mandateBounceCharge: 50_000,
  mandateRepresentations: 2,
  mandateRepresentAfterDays: 5,
  mandateRequired: false,
  accountingRule: 'accrual',
  active: true,
  defaultPayDayOfMonth: 1,
  minDaysToRepayment: 7,
};

/** Only the fields of the product's type go to the server: an EMI product has no pay day, a salary advance no rate or tenure. */
export function productBody(values: Record<string, unknown>, create: boolean) {
  const { id: _id, version: _v, madeBy: _mb, madeAt: _ma, createdAt: _c, updatedAt: _u, ...rest } = values;
  const body: Record<string, unknown> = { ...rest };
  if (body.type === 'salaryAdvance') {
    delete body.annualRatePercent;
    delete body.minTenureMonths;
    delete body.maxTenureMonths;
  } else if (create) {
    delete body.defaultPayDayOfMonth;
    delete body.minDaysToRepayment;
  }
  if (!create) {
    delete body.code;
    delete body.type;
  }
  return body;
}
