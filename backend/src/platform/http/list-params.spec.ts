import { describe, expect, it } from '@jest/globals';
import { contentRange, parseListParams } from './list-params.js';
import { RequestValidationFailed } from './problem.js';

const allowed = { sortFields: ['createdAt', 'amount'], defaultSort: { field: 'createdAt', order: 'DESC' as const }, filters: ['queue', 'q'] };

function fieldsOf(query: Record<string, unknown>) {
  try {
    parseListParams(query, allowed);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationFailed);
    return (error as RequestValidationFailed).fields.map((f) => f.name);
  }
  throw new Error('expected a validation error');
}

describe('ra-data-simple-rest list parameters', () => {
  it('default to the first 25 rows in the default order', () => {
    expect(parseListParams({}, allowed)).toEqual({ sort: { field: 'createdAt', order: 'DESC' }, range: { start: 0, end: 24 }, filter: {} });
  });

  it('read sort, range and filter as react-admin sends them', () => {
    expect(parseListParams({ sort: '["amount","ASC"]', range: '[25,49]', filter: '{"queue":"soft.pending"}' }, allowed)).toEqual({
      sort: { field: 'amount', order: 'ASC' },
      range: { start: 25, end: 49 },
      filter: { queue: 'soft.pending' },
    });
  });

  it('refuse unknown sort fields and filters, bad JSON and bad ranges by name', () => {
    expect(fieldsOf({ sort: '["password","ASC"]' })).toEqual(['sort']);
    expect(fieldsOf({ sort: '["amount","SIDEWAYS"]' })).toEqual(['sort']);
    expect(fieldsOf({ filter: '{"drop table":1,"x":2}' })).toEqual(['filter.drop table', 'filter.x']);
    expect(fieldsOf({ filter: '[1,2]' })).toEqual(['filter']);
    expect(fieldsOf({ range: '[10,5]' })).toEqual(['range']);
    expect(fieldsOf({ range: '[0,100000]' })).toEqual(['range']);
    expect(fieldsOf({ range: 'nope' })).toEqual(['range']);
    expect(fieldsOf({ sort: ['["amount","ASC"]', '["amount","ASC"]'] })).toEqual(['sort']);
  });

  it('answer Content-Range with the server total', () => {
    expect(contentRange('loans', { start: 0, end: 24 }, 25, 130)).toBe('loans 0-24/130');
    expect(contentRange('loans', { start: 125, end: 149 }, 5, 130)).toBe('loans 125-129/130');
    expect(contentRange('loans', { start: 0, end: 24 }, 0, 0)).toBe('loans */0');
  });
});
