import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, serve } from '@/test/http';
import { chooseViewerProject, isProjectViewer } from './viewer-project';

const TWO = envelope(200, {
  rows: [
    { id: 7, projectName: 'North campus' },
    { id: 9, projectName: 'South campus' },
  ],
  total: 2,
});

beforeEach(() => localStorage.clear());

describe('the project of a customer, a display screen or the platform administrator', () => {
  it('is chosen for them when they read projects and have no project guide (a tbAdmin has one)', () => {
    expect(isProjectViewer(['tbCustomer'])).toBe(true);
    expect(isProjectViewer(['tbVisualDisplay'])).toBe(true);
    expect(isProjectViewer(['admin'])).toBe(true);
    expect(isProjectViewer(['tbAdmin'])).toBe(false);
    expect(isProjectViewer(['tbWeixinCustomer'])).toBe(false);
  });

  it('is their first project when none was chosen, so the boards are not empty', async () => {
    serve({ '/sbuilding/project/getList': TWO });
    await chooseViewerProject();
    expect(localStorage.getItem('projectId')).toBe('7');
  });

  it('stays the one chosen last while they may still see it', async () => {
    serve({ '/sbuilding/project/getList': TWO });
    localStorage.setItem('projectId', '9');
    await chooseViewerProject();
    expect(localStorage.getItem('projectId')).toBe('9');
  });

  it('moves off a project they no longer see, and is none without projects', async () => {
    serve({ '/sbuilding/project/getList': TWO });
    localStorage.setItem('projectId', '3');
    await chooseViewerProject();
    expect(localStorage.getItem('projectId')).toBe('7');
    serve({ '/sbuilding/project/getList': envelope(200, { rows: [], total: 0 }) });
    await chooseViewerProject();
    expect(localStorage.getItem('projectId')).toBeNull();
  });
});
