import { describe, expect, it } from '@jest/globals';
import { placeKey, placeSlug, stateNamed, statePagePath } from './state-page.js';

const STATES = ['Karnataka', 'Tamil Nadu', 'Jammu and Kashmir'];

describe('state page paths', () => {
  it('a place name becomes its words joined by hyphens', () => {
    expect(placeSlug('Tamil Nadu')).toBe('Tamil-Nadu');
    expect(placeSlug('  Navi   Mumbai ')).toBe('Navi-Mumbai');
    expect(statePagePath('Jammu and Kashmir', 'Srinagar')).toBe('/Jammu-and-Kashmir/Srinagar');
  });
  it('a segment finds its state ignoring case, hyphens or encoded spaces; an unknown one finds none', () => {
    expect(stateNamed('Karnataka', STATES)).toBe('Karnataka');
    expect(stateNamed('tamil-nadu', STATES)).toBe('Tamil Nadu');
    expect(stateNamed('Tamil%20Nadu', STATES)).toBe('Tamil Nadu');
    expect(stateNamed('Atlantis', STATES)).toBeUndefined();
    expect(stateNamed('%E0%A4', STATES)).toBeUndefined();
  });
  it('the lookup key ignores case', () => expect(placeKey('BENGALURU')).toBe(placeKey('bengaluru')));
});
