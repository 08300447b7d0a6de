import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { ProfilePage } from './profile-page';

/** No per-keystroke delay: these forms are typed into a lot, on a busy machine. */
const userEvent = userEventLib.setup({ delay: null });

const USER = {
  userId: 3,
  deptId: 100,
  userName: 'manager',
  nickName: 'Manager',
  avatar: '',
  email: 'manager@example.com',
  phonenumber: '13800000000',
  sex: '1',
  createTime: '2024-03-01T08:00:00Z',
};
const WAIT = { timeout: 5000 };

function renderPage() {
  render(
    <Providers>
      <ProfilePage />
    </Providers>,
  );
}

const sent = (url: string, method: string) => seen.filter((c) => c.url === url && c.method === method);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/system/user/profile': (config) =>
      config.method === 'put'
        ? envelope(200, { ...USER, ...(bodyOf(config) as object) })
        : envelope(200, { user: USER, roleGroup: 'tbAdmin', deptName: 'Demo Tenant' }),
    '/system/user/profile/updatePwd': envelope(200, null),
  });
});

describe('profile page', () => {
  it("shows the user's details and fills the form", async () => {
    renderPage();
    expect(await screen.findByText('Project administrator', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Nickname')).toHaveValue('Manager');
    expect(screen.getByLabelText('Email')).toHaveValue('manager@example.com');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('refuses a malformed email and phone with the catalogue messages', async () => {
    renderPage();
    const email = await screen.findByLabelText('Email', {}, WAIT);
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '12');
    await userEvent.clear(screen.getByLabelText('Nickname'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a correct email address')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a correct phone number')).toBeInTheDocument();
    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(sent('/system/user/profile', 'put')).toHaveLength(0);
  });

  it('saves the profile and updates the nickname the navbar shows', async () => {
    useSession.setState({ nickName: 'Manager' });
    renderPage();
    const nickname = await screen.findByLabelText('Nickname', {}, WAIT);
    await userEvent.clear(nickname);
    await userEvent.type(nickname, '  Site manager ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(bodyOf(sent('/system/user/profile', 'put')[0])).toEqual({
      nickName: 'Site manager',
      email: 'manager@example.com',
      phonenumber: '13800000000',
      sex: '1',
    });
    expect(useSession.getState().nickName).toBe('Site manager');
  });

  it("says 'Passwords is different' and sends nothing when the confirmation differs", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Change password' }, WAIT));
    await userEvent.type(screen.getByLabelText('Old password'), 'manager123');
    await userEvent.type(screen.getByLabelText('New password'), 'newpass123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'newpass124');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    expect(await screen.findByText('Passwords is different')).toBeInTheDocument();
    expect(sent('/system/user/profile/updatePwd', 'put')).toHaveLength(0);
  });

  it('changes the password with the old and new one only', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Change password' }, WAIT));
    await userEvent.type(screen.getByLabelText('Old password'), 'manager123');
    await userEvent.type(screen.getByLabelText('New password'), 'newpass123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'newpass123');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(bodyOf(sent('/system/user/profile/updatePwd', 'put')[0])).toEqual({
      oldPassword: 'manager123',
      newPassword: 'newpass123',
    });
  });
});
