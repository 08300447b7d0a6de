import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { AdminUser } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { assignableRoles, UserFormModal } from './user-form-modal';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 5000 };

const ROW: AdminUser = {
  userId: 7,
  deptId: 100,
  deptName: 'Demo Tenant',
  userName: 'customer',
  nickName: 'Customer',
  avatar: '',
  email: '',
  phonenumber: '',
  sex: '0',
  role: 'tbCustomer',
  hallIds: [],
  blacklisted: false,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const sent = (url: string) => seen.filter((c) => c.url === url);

function renderModal(user: AdminUser | null, isAdmin = false) {
  let closed = false;
  render(
    <Providers>
      <UserFormModal user={user} isAdmin={isAdmin} selfId={3} onClose={() => (closed = true)} />
    </Providers>,
  );
  return { closed: () => closed };
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/user/3': envelope(200, { ...ROW, userId: 3, userName: 'manager', role: 'tbAdmin' }),
    '/sbuilding/user/create': (config) => envelope(200, { ...ROW, ...(bodyOf(config) as object) }),
  });
});

describe('user form', () => {
  it('offers the role admin to platform administrators only', () => {
    expect(assignableRoles(true)).toContain('admin');
    expect(assignableRoles(false)).toEqual(['tbAdmin', 'tbCustomer', 'tbVisualDisplay', 'tbWeixinCustomer']);
  });

  it("shows a project admin's own department, read-only", async () => {
    renderModal(null);
    const dept = screen.getByLabelText('Department');
    await waitFor(() => expect(dept).toHaveValue('Demo Tenant'), WAIT);
    expect(dept).toHaveAttribute('readonly');
  });

  it('refuses a short password and a different confirmation without calling the server', async () => {
    renderModal(null);
    await userEvent.type(screen.getByLabelText('Username'), 'new.user');
    await userEvent.type(screen.getByLabelText('Nickname'), 'New');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    expect(
      await screen.findByText('Password length must be between 6 and 20 characters', {}, WAIT),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-2');
    expect(await screen.findByText('Passwords is different', {}, WAIT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Then the form is put right, under another nickname, and saved: the first call to arrive carries that
    // nickname, so the refused form sent nothing (waiting for a call rather than for a time).
    await userEvent.clear(screen.getByLabelText('Nickname'));
    await userEvent.type(screen.getByLabelText('Nickname'), 'Put right');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/user/create')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/user/create')[0])).toMatchObject({ nickName: 'Put right' });
  });

  it('creates the user in the caller’s tenant, without a department or the confirmation in the body', async () => {
    const view = renderModal(null);
    await userEvent.type(screen.getByLabelText('Username'), 'new.user');
    await userEvent.type(screen.getByLabelText('Nickname'), 'New');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/user/create')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/user/create')[0])).toEqual({
      userName: 'new.user',
      nickName: 'New',
      password: 'secret-1',
      email: '',
      phonenumber: '',
      sex: '0',
      role: 'tbCustomer',
      avatar: '',
      blacklisted: false,
      hallIds: [],
    });
    await waitFor(() => expect(view.closed()).toBe(true), WAIT);
  });

  it("shows and sends a weixin customer's buildings, named with their project", async () => {
    const occupant: AdminUser = { ...ROW, role: 'tbWeixinCustomer', hallIds: [11] };
    serve({
      '/sbuilding/user/3': envelope(200, { ...ROW, userId: 3, userName: 'manager', role: 'tbAdmin' }),
      '/sbuilding/user/hallOptions': envelope(200, [
        { id: 11, name: 'Building A', projectId: 5, projectName: 'Demo Campus' },
        { id: 12, name: 'Building B', projectId: 5, projectName: 'Demo Campus' },
      ]),
      '/sbuilding/user/save/7': (config) => envelope(200, { ...occupant, ...(bodyOf(config) as object) }),
    });
    const view = renderModal(occupant);
    expect(await screen.findByText('Building A (Demo Campus)', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Buildings')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/user/save/7')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/user/save/7')[0])).toMatchObject({
      role: 'tbWeixinCustomer',
      hallIds: [11],
    });
    await waitFor(() => expect(view.closed()).toBe(true), WAIT);
  });

  it('reloads the row after a refused stale save, and the next save sends the new version', async () => {
    let saves = 0;
    serve({
      '/sbuilding/user/7': envelope(200, { ...ROW, nickName: 'Changed elsewhere', version: 2 }),
      '/sbuilding/user/save/7': (config) =>
        ++saves === 1
          ? envelope(409, null, 'Someone else changed it')
          : envelope(200, { ...ROW, ...(bodyOf(config) as object) }),
    });
    renderModal(ROW);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveValue('Changed elsewhere'), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/user/save/7')).toHaveLength(2), WAIT);
    expect(bodyOf(sent('/sbuilding/user/save/7')[0])).toMatchObject({ version: 1 });
    expect(bodyOf(sent('/sbuilding/user/save/7')[1])).toMatchObject({
      nickName: 'Changed elsewhere',
      version: 2,
    });
  });
});
