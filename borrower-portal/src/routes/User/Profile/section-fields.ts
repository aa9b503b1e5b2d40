import type { SectionName } from '../../../api/profile';
import type { FieldSpec } from './SectionForm';

export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
].map((s) => ({ value: s, label: s }));

const options = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

const address = (at: 'current' | 'permanent', title: string): FieldSpec[] => [
  { name: `${at}.line1`, label: `${title}: house and street`, autoComplete: 'address-line1' },
  { name: `${at}.line2`, label: `${title}: area (optional)`, autoComplete: 'address-line2', optional: true },
  { name: `${at}.city`, label: `${title}: city`, autoComplete: 'address-level2' },
  { name: `${at}.state`, label: `${title}: state`, options: INDIAN_STATES },
  { name: `${at}.pinCode`, label: `${title}: PIN code`, hint: '6 digits', autoComplete: 'postal-code' },
  { name: `${at}.yearsAtAddress`, label: `${title}: years at this address`, type: 'number' },
];

/** The fields of each section with a plain form (Documents and Selfie have screens of their own). */
export const SECTION_FIELDS: Partial<Record<SectionName, FieldSpec[]>> = {
  profile: [
    { name: 'dateOfBirth', label: 'Date of birth', type: 'date', hint: 'You must be 18 or older', autoComplete: 'bday' },
    {
      name: 'gender',
      label: 'Gender',
      options: options([
        ['female', 'Female'],
        ['male', 'Male'],
        ['other', 'Other'],
        ['undisclosed', 'Prefer not to say'],
      ]),
    },
    {
      name: 'maritalStatus',
      label: 'Marital status',
      options: options([
        ['single', 'Single'],
        ['married', 'Married'],
        ['divorced', 'Divorced'],
        ['widowed', 'Widowed'],
      ]),
    },
  ],
  address: [...address('current', 'Current address'), ...address('permanent', 'Permanent address')],
  bank: [
    { name: 'holderName', label: 'Account holder name', autoComplete: 'name' },
    { name: 'accountNumber', label: 'Account number', hint: '9 to 18 digits; shown masked once saved', optional: true },
    { name: 'ifsc', label: 'IFSC', hint: 'e.g. HDFC0001234' },
    {
      name: 'accountType',
      label: 'Account type',
      options: options([
        ['savings', 'Savings'],
        ['current', 'Current'],
      ]),
    },
  ],
  employment: [
    { name: 'employer', label: 'Employer', autoComplete: 'organization' },
    {
      name: 'employmentType',
      label: 'Employment',
      options: options([
        ['salaried', 'Salaried'],
        ['selfEmployed', 'Self-employed'],
      ]),
    },
    { name: 'monthlyNetIncome', label: 'Monthly net income (₹)', type: 'rupees' },
    { name: 'payDayOfMonth', label: 'Pay day (day of the month)', type: 'number', hint: 'A salary advance is repaid on this day' },
  ],
  reference: [0, 1].flatMap((i) => [
    { name: `references.${i}.name`, label: `Person ${i + 1}: name` },
    { name: `references.${i}.relation`, label: `Person ${i + 1}: relation to you` },
    { name: `references.${i}.phone`, label: `Person ${i + 1}: mobile number`, type: 'tel' as const, hint: 'Not your own number' },
  ]),
};
