import { describe, expect, it } from 'vitest';
import { routesForUser } from '@sbuilding/shared';
import en from '@/locales/en.json';
import { createRouteSearch, searchEntries } from './route-search';

const translate = (key: string): string =>
  key in en.routes ? en.routes[key as keyof typeof en.routes] : key;

describe('route search', () => {
  const search = createRouteSearch(
    searchEntries(routesForUser(['tbAdmin'], ['sbuilding:tools:tenant']), translate),
  );

  it('finds a page by a misspelt title', () => {
    expect(search('Lightng')[0]?.path).toBe('/board/light');
    expect(search('mesh managment')[0]?.path).toBe('/meshConfig');
  });

  it('finds a page by its path', () => {
    expect(search('/zhGateway')[0]?.path).toBe('/zhGateway');
    expect(search('devPosition')[0]?.path).toBe('/devPosition');
  });

  it('carries the group titles so a page is found under its group name', () => {
    const result = search('Energy');
    expect(result[0]).toEqual({ path: '/board/energy', title: ['Board', 'Energy'] });
  });

  it('never offers hidden pages and finds nothing for an empty query', () => {
    expect(search('DeviceAdd').map((e) => e.path)).not.toContain('/device/add');
    expect(search('   ')).toEqual([]);
  });

  it('cuts a pattern to 32 characters instead of failing', () => {
    expect(() => search('x'.repeat(200))).not.toThrow();
  });
});
