import { describe, expect, it } from 'vitest';
import { assertDeclared } from './access.js';

describe('route access declarations', () => {
  it('refuses a route that declares nothing, so the server does not start with it', () => {
    expect(() => assertDeclared({ method: 'GET', url: '/sbuilding/thing/list' })).toThrow(
      /declares no config.access/,
    );
    expect(() => assertDeclared({ method: 'GET', url: '/sbuilding/thing/list', config: {} })).toThrow(
      /declares no config.access/,
    );
  });

  it('refuses a path id whose kind is not declared, and an unscoped id on a project action', () => {
    expect(() =>
      assertDeclared({
        method: 'GET',
        url: '/sbuilding/floor/:id',
        config: { access: { action: 'projects:read' } },
      }),
    ).toThrow(/the kind of :id is not declared/);
    expect(() =>
      assertDeclared({
        method: 'GET',
        url: '/sbuilding/floor/:id',
        config: { access: { action: 'projects:read', on: 'unscoped' } },
      }),
    ).toThrow(/must name a kind of row/);
    expect(() =>
      assertDeclared({
        method: 'GET',
        url: '/x/:id/part/:partId',
        config: { access: { action: 'projects:read', on: 'floor' } },
      }),
    ).toThrow(/the kind of :partId/);
  });

  it('refuses a public route that does not say what guards it', () => {
    expect(() => assertDeclared({ method: 'GET', url: '/open', config: { access: { public: '' } } })).toThrow(
      /say what guards/,
    );
  });

  it('accepts declared routes, the console build files and the API document pages', () => {
    assertDeclared({
      method: 'GET',
      url: '/sbuilding/floor/:id',
      config: { access: { action: 'projects:read', on: 'floor' } },
    });
    assertDeclared({
      method: 'GET',
      url: '/system/config/:id',
      config: { access: { action: 'reference:read', on: 'unscoped' } },
    });
    assertDeclared({
      method: 'GET',
      url: '/health',
      config: { access: { public: 'nothing of any tenant' } },
    });
    assertDeclared({ method: 'GET', url: '/docs/json' });
  });
});
