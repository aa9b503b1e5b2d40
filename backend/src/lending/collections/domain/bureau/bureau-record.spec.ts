import { describe, expect, it } from '@jest/globals';
import { bureauFileProblems, writeBureauFile } from './bureau-file.js';
import { addressLines, nameFields, recordProblems, tudfDate, wholeRupees, type BureauMember, type BureauRecord } from './bureau-record.js';
import { STATE_CODES } from './state-codes.js';
import { INDIAN_STATES } from '../../../../origination/public/index.js';
import { HEADER_LENGTH, checkTudfFile, fieldOf } from './tudf.js';

const member: BureauMember = { id: 'NB12340001', shortName: 'OPENLENDING' };
const reportedOn = '2026-11-30';

/** A loan whose borrower's profile is complete: what a reportable record looks like. */
const complete = (
  overrides: { subject?: Partial<BureauRecord['subject']>; account?: Partial<BureauRecord['account']> } = {},
): BureauRecord => ({
  loanId: '0b8f3c1e-1111-4d2a-9a3b-5c6d7e8f9a0b',
  loanType: 'EMI',
  borrowerId: 'c0ffee00-0000-4000-8000-000000000001',
  subject: {
    name: 'Asha Rao',
    dateOfBirth: '1990-04-15',
    gender: 'female',
    pan: 'ABCDE1234F',
    phone: '+919123456780',
    address: { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
    ...overrides.subject,
  },
  account: {
    number: '0B8F3C1E11114D2A9A3B',
    openedOn: '2026-09-21',
    lastPaymentOn: '2026-10-21',
    closedOn: null,
    sanctioned: 10_000_000,
    currentBalance: 9_234_567,
    amountOverdue: 888_850,
    daysPastDue: 10,
    classification: 'SMA-0',
    closure: null,
    ...overrides.account,
  },
});

describe('the TUDF writer', () => {
  describe('given a loan whose borrower has a complete profile', () => {
    it('writes the header, the record in tag-length-value segments ending ES02**, and the trailer', () => {
      const file = writeBureauFile(member, reportedOn, [complete()]);
      const [header, record, trailer, end] = file.text.split('\n');
      expect(header).toHaveLength(HEADER_LENGTH);
      expect(header.startsWith('TUDF12NB12340001')).toBe(true);
      expect(header.slice(54, 62)).toBe('30112026');
      expect(record).toBe(
        ['PN03N01', '0108ASHA RAO', '070815041990', '08011'].join('') +
          ['ID03I01', '010201', '0210ABCDE1234F'].join('') +
          ['PT03T01', '01109123456780', '030201'].join('') +
          ['PA03A01', '012112 MG Road, Bengaluru', '060229', '0706560001', '080202'].join('') +
          ['TL04T001', '0110NB12340001', '0211OPENLENDING', '03200B8F3C1E11114D2A9A3B', '040205', '05011'].join('') +
          ['080821092026', '090821102026', '110830112026'].join('') +
          ['1206100000', '130592346', '14048889', '150210', '260205'].join('') +
          'ES02**',
      );
      expect(trailer).toBe('TRLR');
      expect(end).toBe('');
      expect(file.rejected).toEqual([]);
    });

    it('writes amounts in whole rupees, a half rupee up, and dates as DDMMYYYY', () => {
      expect([wholeRupees(0), wholeRupees(149), wholeRupees(150), wholeRupees(10_049), wholeRupees(10_050)]).toEqual([
        '0',
        '1',
        '2',
        '100',
        '101',
      ]);
      expect(tudfDate('2026-01-05')).toBe('05012026');
    });

    it('reads back, through the parser, the values it was given', () => {
      const file = writeBureauFile(member, reportedOn, [
        complete({ account: { closedOn: '2026-11-20', closure: 'settled', currentBalance: 0 } }),
      ]);
      const { parsed, problems } = checkTudfFile(file.text);
      expect(problems).toEqual([]);
      const segments = parsed!.records[0];
      expect(fieldOf(segments, 'ID', '02')).toBe('ABCDE1234F');
      expect(fieldOf(segments, 'PA', '07')).toBe('560001');
      expect(fieldOf(segments, 'PA', '06')).toBe('29');
      expect(fieldOf(segments, 'TL', '10')).toBe('20112026');
      expect(fieldOf(segments, 'TL', '13')).toBe('0');
      expect(fieldOf(segments, 'TL', '22')).toBe('03');
      expect(bureauFileProblems(file.text, member, reportedOn, 1)).toEqual([]);
    });

    it('splits a long name between name fields without splitting a word', () => {
      expect(nameFields('  Venkata   Ananthanarayana Sooryanarayana Venkiteswaran ')).toEqual([
        'VENKATA ANANTHANARAYANA',
        'SOORYANARAYANA',
        'VENKITESWARAN',
      ]);
      expect(nameFields('A'.repeat(27))).toBeNull();
      expect(nameFields('one two three four five six'.replace(/ /g, ` ${'X'.repeat(20)} `))).toBeNull();
    });

    it('wraps a long address over up to five lines of 40 characters without splitting a word', () => {
      const address = {
        line1: 'Flat 402, Tower B, Prestige Shantiniketan Apartments',
        line2: 'Whitefield Main Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560066',
      };
      expect(addressLines(address)).toEqual([
        'Flat 402, Tower B, Prestige',
        'Shantiniketan Apartments, Whitefield',
        'Main Road, Bengaluru',
      ]);
      expect(recordProblems(complete({ subject: { address } }), member, reportedOn)).toEqual([]);
      expect(addressLines({ ...address, line1: 'x'.repeat(41) })).toBeNull();
      expect(recordProblems(complete({ subject: { address: { ...address, line1: 'word '.repeat(60) } } }), member, reportedOn)).toEqual([
        { field: 'address', reason: 'does not fit in 5 lines of 40 characters without splitting a word' },
      ]);
    });

    it('writes days past due beyond 999 as 999 (the field holds three digits)', () => {
      const file = writeBureauFile(member, reportedOn, [complete({ account: { daysPastDue: 1200, classification: 'NPA' } })]);
      const segments = checkTudfFile(file.text).parsed!.records[0];
      expect(fieldOf(segments, 'TL', '15')).toBe('999');
      expect(fieldOf(segments, 'TL', '26')).toBe('02');
    });
  });

  describe('given records that cannot be reported', () => {
    it.each([
      ['a missing PAN', { subject: { pan: null } }, [{ field: 'pan', reason: 'missing' }]],
      ['a malformed PAN', { subject: { pan: 'ABCD12345F' } }, [{ field: 'pan', reason: 'must be a PAN such as ABCDE1234F' }]],
      [
        'a PIN code starting with 0',
        { subject: { address: { line1: '1 Road', city: 'X', state: 'Goa', pinCode: '012345' } } },
        [{ field: 'address.pinCode', reason: 'must be 6 digits, not starting with 0' }],
      ],
      [
        'a PIN code of 5 digits',
        { subject: { address: { line1: '1 Road', city: 'X', state: 'Goa', pinCode: '56001' } } },
        [{ field: 'address.pinCode', reason: 'must be 6 digits, not starting with 0' }],
      ],
      ['a missing date of birth', { subject: { dateOfBirth: null } }, [{ field: 'dateOfBirth', reason: 'missing' }]],
      ['an empty name', { subject: { name: '   ' } }, [{ field: 'name', reason: 'missing' }]],
      ['no address', { subject: { address: null } }, [{ field: 'address', reason: 'missing' }]],
      [
        'a state without a code',
        { subject: { address: { line1: '1 Road', city: 'X', state: 'Atlantis', pinCode: '560001' } } },
        [{ field: 'address.state', reason: 'is not a state or union territory the bureau has a code for' }],
      ],
      [
        'a name in another script',
        { subject: { name: 'आशा राव' } },
        [{ field: 'name', reason: 'may hold only Latin letters, spaces, dots, apostrophes and hyphens' }],
      ],
      [
        'a date of birth before 1900',
        { subject: { dateOfBirth: '1899-12-31' } },
        [{ field: 'dateOfBirth', reason: 'must be after 1 January 1900' }],
      ],
    ] as const)('refuses %s with a reason per field', (_, overrides, problems) => {
      expect(recordProblems(complete(overrides as never), member, reportedOn)).toEqual(problems);
    });

    it('gives every reason of a record at once', () => {
      const fields = recordProblems(complete({ subject: { pan: null, dateOfBirth: null, name: '' } }), member, reportedOn).map(
        (p) => p.field,
      );
      expect(fields.sort()).toEqual(['dateOfBirth', 'name', 'pan']);
    });

    it('leaves them out of the file and lists them; the file holds only the valid ones and passes its own check', () => {
      const good = complete();
      const noPan = { ...complete({ subject: { pan: null, name: 'Ravi Kumar' } }), loanId: 'bad-1', borrowerId: 'b-2' };
      const file = writeBureauFile(member, reportedOn, [noPan, good]);
      expect(file.reported).toEqual([good]);
      expect(file.rejected).toEqual([
        {
          loanId: 'bad-1',
          loanType: 'EMI',
          borrowerId: 'b-2',
          borrowerName: 'Ravi Kumar',
          problems: [{ field: 'pan', reason: 'missing' }],
        },
      ]);
      expect(file.text.split('\n')).toHaveLength(4);
      expect(file.text).not.toContain('RAVI KUMAR');
      expect(bureauFileProblems(file.text, member, reportedOn, 1)).toEqual([]);
    });
  });

  it('has a code for every state and union territory an address may name', () => {
    expect(INDIAN_STATES.filter((state) => !STATE_CODES[state])).toEqual([]);
  });
});

describe('the parser-validator a file passes before it is stored', () => {
  const text = writeBureauFile(member, reportedOn, [complete()]).text;

  it('refuses a record whose PAN was made malformed after writing', () => {
    expect(bureauFileProblems(text.replace('ABCDE1234F', 'ABCDE12345'), member, reportedOn, 1)).toEqual([
      { line: 2, field: 'pan', reason: 'must be a PAN such as ABCDE1234F' },
    ]);
  });

  it('refuses a field whose length does not match its value', () => {
    const problems = bureauFileProblems(text.replace('0210ABCDE1234F', '0211ABCDE1234F'), member, reportedOn, 1);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0].line).toBe(2);
  });

  it('refuses a file without its trailer, a short header, another member or another date, or a count that differs', () => {
    expect(bureauFileProblems(text.replace('TRLR\n', ''), member, reportedOn, 1).map((p) => p.field)).toContain('trailer');
    expect(bureauFileProblems(text.replace('TUDF12', 'TUDF1'), member, reportedOn, 1).map((p) => p.field)).toContain('header');
    expect(bureauFileProblems(text, { ...member, id: 'NB99990001' }, reportedOn, 1)).toEqual([
      { line: 1, field: 'member.id', reason: 'is not NB99990001' },
    ]);
    expect(bureauFileProblems(text, member, '2026-10-31', 1)).toEqual([{ line: 1, field: 'reportedOn', reason: 'is not 31102026' }]);
    expect(bureauFileProblems(text, member, reportedOn, 2)).toEqual([{ line: 0, field: 'records', reason: '1, not 2' }]);
  });

  it('refuses an account reported twice', () => {
    const twice = writeBureauFile(member, reportedOn, [complete(), complete()]).text;
    expect(bureauFileProblems(twice, member, reportedOn, 2)).toEqual([
      { line: 3, field: 'account.number', reason: '0B8F3C1E11114D2A9A3B is reported twice' },
    ]);
  });
});
