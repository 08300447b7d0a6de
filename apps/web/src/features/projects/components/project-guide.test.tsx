import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { permissionsForRoles, type Role } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { pageNavigation } from '@/lib/logout';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { ProjectGuide } from './project-guide';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 5000 };

const project = (id: number, projectName: string) => ({
  id,
  tenantId: 1,
  projectName,
  status: 'done',
  address: '100 Century Avenue, Shanghai',
  description: '',
  timeZone: 'Asia/Shanghai',
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
});

let rows: ReturnType<typeof project>[] = [];

/** Signs in with a role as GET /getInfo gives it (roles and their permissions). */
function signInAs(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

beforeEach(async () => {
  queryClient.clear();
  localStorage.clear();
  signInAs('tbAdmin');
  await setLanguage('en');
  serve({
    '/sbuilding/project/getList': () => envelope(200, { rows, total: rows.length }),
    '/sbuilding/project/create': (config) =>
      envelope(200, { ...project(42, 'First'), ...(bodyOf(config) as object) }),
    '/system/dict/data/type/sb_project_status': envelope(200, []),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderGuide() {
  render(
    <Providers>
      <ProjectGuide />
    </Providers>,
  );
}

describe('the project guide', () => {
  it("lists the user's projects (page 1, size 100) and stores the chosen one before reloading at home", async () => {
    rows = [project(7, 'Demo Campus'), project(8, 'Harbour Tower')];
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderGuide();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use this project: Harbour Tower' }, WAIT),
    );
    expect(localStorage.getItem('projectId')).toBe('8');
    expect(assign).toHaveBeenCalledWith('/');
    expect(bodyOf(seen.find((c) => c.url === '/sbuilding/project/getList'))).toEqual({
      pageNum: 1,
      pageSize: 100,
    });
  });

  it('offers a creation form when there are no projects, and selects the one it creates', async () => {
    rows = [];
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderGuide();
    await userEvent.click(await screen.findByRole('button', { name: 'Create project' }, WAIT));
    expect(await screen.findByText('Project name is required', {}, WAIT)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Project name'), 'First');
    await userEvent.type(screen.getByLabelText('Address'), '1 Harbour Road');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), WAIT);
    expect(localStorage.getItem('projectId')).toBe('42');
    expect(bodyOf(seen.find((c) => c.url === '/sbuilding/project/create'))).toMatchObject({
      projectName: 'First',
      status: 'new',
      address: '1 Harbour Road',
    });
  });

  it('tells a customer without projects who creates them, offering no form the server would refuse', async () => {
    rows = [];
    signInAs('tbCustomer');
    renderGuide();
    expect(
      await screen.findByText(
        'There are no projects yet: your project administrator creates them.',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create project' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Project name')).not.toBeInTheDocument();
  });
});
