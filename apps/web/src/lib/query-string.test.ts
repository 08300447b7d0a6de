import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('joins plain values as key=value pairs', () => {
    expect(toQueryString({ pageNum: 1, pageSize: 20, enabled: true })).toBe(
      'pageNum=1&pageSize=20&enabled=true',
    );
  });

  it('skips empty strings, undefined and null but keeps 0 and false', () => {
    expect(toQueryString({ a: '', b: undefined, c: null, d: 0, e: false })).toBe('d=0&e=false');
  });

  it('URL-encodes keys and values', () => {
    expect(toQueryString({ 'project name': 'A&B = ü/中' })).toBe(
      'project%20name=A%26B%20%3D%20%C3%BC%2F%E4%B8%AD',
    );
  });

  it('repeats bracketed keys for arrays and skips their empty items', () => {
    expect(toQueryString({ ids: [1, 2, '', null, 3] })).toBe('ids[]=1&ids[]=2&ids[]=3');
  });

  it('writes nested objects as key[sub]=value', () => {
    expect(toQueryString({ params: { beginTime: '2024-01-01', endTime: '' } })).toBe(
      'params[beginTime]=2024-01-01',
    );
  });

  it('sends dates as ISO strings', () => {
    expect(toQueryString({ at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toBe(
      'at=2024-01-02T03%3A04%3A05.000Z',
    );
  });

  it('returns an empty string for no params', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({})).toBe('');
  });
});
