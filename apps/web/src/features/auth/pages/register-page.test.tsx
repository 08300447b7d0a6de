import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@/app/providers';
import { getToken, removeToken } from '@/lib/auth-token';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve, type Handler } from '@/test/http';
import { RegisterPage } from './register-page';

const userEvent = userEventLib.setup({ delay: null });
const CAPTCHA = { captchaEnabled: true, uuid: 'uuid-1', img: 'data:image/svg+xml;base64,PHN2Zy8+' };
const INFO = {
  tenantName: 'Demo Tenant',
  role: 'tbCustomer',
  expiresAt: '2026-12-01T00:00:00.000Z',
  providers: [],
};

function renderAt(path: string, routes: Record<string, Handler> = {}) {
  serve({ '/captchaImage': envelope(200, CAPTCHA), '/register/invitation': envelope(200, INFO), ...routes });
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/board/index" element={<p>Board</p>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  removeToken();
  await setLanguage('en');
});

describe('/register', () => {
  it('says registration is by invitation only without one, linking to the login page', async () => {
    renderAt('/register');
    expect(await screen.findByText(/Registration is by invitation only/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the login page' })).toHaveAttribute('href', '/login');
    expect(seen.filter((c) => c.url === '/register/invitation')).toHaveLength(0);
  });

  it("shows the server's reason for an unusable invitation", async () => {
    renderAt('/register?invitation=old', {
      '/register/invitation': envelope(400, null, 'This invitation has expired'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired');
  });

  it("checks the rules of spec section 5 ('Passwords is different'), then registers and signs in", async () => {
    renderAt('/register?invitation=abc', {
      '/register': envelope(200, { token: 'new-token', redirect: '/board/index' }),
    });
    expect(await screen.findByText('You are invited to Demo Tenant as Customer.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'newbie');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), '12345');
    await userEvent.type(screen.getByLabelText('Confirm password'), '123456');
    await userEvent.type(screen.getByLabelText('Verification code'), 'abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Password length must be between 6 and 20 characters'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Passwords is different')).toBeInTheDocument();
    expect(seen.filter((c) => c.url === '/register')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Password', { exact: true }), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Board')).toBeInTheDocument();
    expect(bodyOf(seen.find((c) => c.url === '/register'))).toEqual({
      invitation: 'abc',
      ticket: '',
      username: 'newbie',
      password: '123456',
      code: 'abcd',
      uuid: 'uuid-1',
    });
    expect(getToken()).toBe('new-token');
    // Typing a whole form is slow on a busy two-core machine.
  }, 60_000);
});
