import { describe, expect, it } from 'vitest';
import { CLASSIFICATIONS, classificationColor, classificationShort, dpdLabel, isClassification } from './classification';
import { PROMISED_TO_PAY, channelLabel, contactBody, fieldErrors, outcomeLabel, validateContact } from './contacts';
import { promiseDisplay } from './promise';

describe('a promise to pay', () => {
  it('shows nothing when none was made', () => {
    expect(promiseDisplay(null, false)).toEqual({ text: '—', broken: false, kind: 'none' });
    expect(promiseDisplay(undefined, true)).toEqual({ text: '—', broken: false, kind: 'none' });
  });

  it('shows its date while it stands', () => {
    expect(promiseDisplay('2026-12-05', false)).toEqual({ text: 'Promised 5 Dec 2026', broken: false, kind: 'kept-or-open' });
  });

  it('is marked broken once the server says the date passed with no payment', () => {
    expect(promiseDisplay('2026-12-05', true)).toEqual({ text: 'Broken: promised 5 Dec 2026', broken: true, kind: 'broken' });
  });
});

describe('classification and days past due', () => {
  it('colours SMA stages as warnings and NPA as an error', () => {
    expect(CLASSIFICATIONS.map(classificationColor)).toEqual(['default', 'warning', 'warning', 'warning', 'error']);
    expect(classificationShort('standard')).toBe('Standard');
    expect(classificationShort('SMA-2')).toBe('SMA-2');
    expect(classificationShort(null)).toBe('—');
    expect(isClassification('SMA-1')).toBe(true);
    expect(isClassification('sma-1')).toBe(false);
  });

  it('reads days past due as days', () => {
    expect(dpdLabel(0)).toBe('0 days');
    expect(dpdLabel(1)).toBe('1 day');
    expect(dpdLabel(45)).toBe('45 days');
    expect(dpdLabel(null)).toBe('—');
  });
});

describe('recording a contact', () => {
  const draft = { channel: 'call', outcome: 'no-answer', note: '', promiseToPayOn: '' };

  it('needs a channel and an outcome', () => {
    expect(validateContact({ ...draft, channel: '', outcome: '' })).toEqual({
      channel: 'Choose how the borrower was contacted.',
      outcome: 'Choose the outcome.',
    });
    expect(validateContact(draft)).toEqual({});
  });

  it('needs the date when the borrower promised to pay, and not one in the past', () => {
    expect(validateContact({ ...draft, outcome: PROMISED_TO_PAY })).toEqual({
      promiseToPayOn: 'A promise to pay needs the date promised.',
    });
    expect(validateContact({ ...draft, outcome: PROMISED_TO_PAY, promiseToPayOn: '2026-11-20' }, '2026-11-23')).toEqual({
      promiseToPayOn: 'The promised date cannot be in the past.',
    });
    expect(validateContact({ ...draft, outcome: PROMISED_TO_PAY, promiseToPayOn: '2026-11-23' }, '2026-11-23')).toEqual({});
  });

  it('sends the date only with a promise and the note only when written', () => {
    expect(contactBody({ ...draft, promiseToPayOn: '2026-12-01', note: '  ' })).toEqual({ channel: 'call', outcome: 'no-answer' });
    expect(contactBody({ ...draft, outcome: PROMISED_TO_PAY, promiseToPayOn: '2026-12-01', note: ' Pays on salary day ' })).toEqual({
      channel: 'call',
      outcome: PROMISED_TO_PAY,
      note: 'Pays on salary day',
      promiseToPayOn: '2026-12-01',
    });
  });

  it('puts the server’s field problems under their inputs', () => {
    expect(fieldErrors({ fields: [{ name: 'promiseToPayOn', message: 'Required when the outcome is promised-to-pay' }] })).toEqual({
      promiseToPayOn: 'Required when the outcome is promised-to-pay',
    });
    expect(fieldErrors({ fields: [{ name: 'body.note', message: 'Too long' }] })).toEqual({ note: 'Too long' });
    expect(fieldErrors(undefined)).toEqual({});
  });

  it('labels channels and outcomes, keeping an unknown value as it is', () => {
    expect(channelLabel('call')).toBe('Phone call');
    expect(outcomeLabel(PROMISED_TO_PAY)).toBe('Promised to pay');
    expect(outcomeLabel('escalated')).toBe('escalated');
  });
});
