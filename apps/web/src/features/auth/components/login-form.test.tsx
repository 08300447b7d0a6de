import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { getToken, removeToken } from '@/lib/auth-token';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, seen, serve, type Handler, type Reply } from '@/test/http';
import { LoginForm } from './login-form';

/** No per-keystroke delay: these forms are typed into a lot, on a busy machine. */
const userEvent = userEventLib.setup({ delay: null });

const CAPTCHA = { captchaEnabled: true, uuid: 'uuid-1', img: 'data:image/svg+xml;base64,PHN2Zy8+' };

function renderForm(routes: Record<string, Handler> = {}) {
  serve({ '/captchaImage': envelope(200, CAPTCHA), ...routes });
  const onSuccess = vi.fn();
  render(
    <Providers>
      <LoginForm onSuccess={onSuccess} />
    </Providers>,
  );
  return { onSuccess };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: /log in/i }));
const requestsTo = (url: string) => seen.filter((c) => c.url === url);

beforeEach(async () => {
  queryClient.clear();
  localStorage.clear();
  removeToken();
  await setLanguage('en');
});

describe('login form', () => {
  it('requires username, password and the captcha code, naming each field', async () => {
    renderForm();
    await screen.findByRole('img', { name: 'captcha' });
    await submit();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(await screen.findByText('Verification code is required')).toBeInTheDocument();
    expect(requestsTo('/login')).toHaveLength(0);
  });

  it('gives the messages in Chinese when the language is Chinese', async () => {
    await setLanguage('zh-CN');
    renderForm();
    // The code is required once the captcha is known to be on (its picture shown).
    await screen.findByRole('img', { name: '验证码' });
    await userEvent.click(await screen.findByRole('button', { name: '登 录' }));
    expect(await screen.findByText('用户名不能为空')).toBeInTheDocument();
    expect(await screen.findByText('密码不能为空')).toBeInTheDocument();
    expect(await screen.findByText('验证码不能为空')).toBeInTheDocument();
  });

  it('sends the trimmed username with the captcha answer and id, without a token, and stores the token', async () => {
    const { onSuccess } = renderForm({ '/login': envelope(200, { token: 'jwt.token' }) });
    await userEvent.type(screen.getByLabelText('Username'), '  admin  ');
    await userEvent.type(screen.getByLabelText('Password'), 'admin123');
    await userEvent.type(screen.getByLabelText('Verification code'), 'ab12');
    await submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [login] = requestsTo('/login');
    expect(bodyOf(login)).toEqual({ username: 'admin', password: 'admin123', code: 'ab12', uuid: 'uuid-1' });
    expect(login?.headers.has('Authorization')).toBe(false);
    expect(getToken()).toBe('jwt.token');
  });

  it('shows the refusal next to the form, and a fresh captcha with an empty code field', async () => {
    const { onSuccess } = renderForm({ '/login': envelope(400, null, 'Wrong verification code') });
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin123');
    await userEvent.type(screen.getByLabelText('Verification code'), 'zzzz');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong verification code');
    await waitFor(() => expect(requestsTo('/captchaImage')).toHaveLength(2));
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
  });

  it('shows another captcha when the picture is clicked', async () => {
    renderForm();
    await screen.findByRole('img', { name: 'captcha' });
    await userEvent.click(screen.getByRole('button', { name: 'Show another captcha' }));
    await waitFor(() => expect(requestsTo('/captchaImage')).toHaveLength(2));
  });

  it('leaves the code out when the server has the captcha off', async () => {
    const { onSuccess } = renderForm({
      '/captchaImage': envelope(200, { captchaEnabled: false }),
      '/login': envelope(200, { token: 't' }),
    });
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument());
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin123');
    await submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });

  it('signs in with the first click made before the server said whether the captcha is on (it is off)', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { onSuccess } = renderForm({
      '/captchaImage': () => new Promise<Reply>((resolve) => (answer = resolve)),
      '/login': envelope(200, { token: 't' }),
    });
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin123');
    await submit();
    // Waiting for the captcha's answer, not refused for an empty code it may not need.
    expect(screen.queryByText('Verification code is required')).not.toBeInTheDocument();
    expect(requestsTo('/login')).toHaveLength(0);
    answer(envelope(200, { captchaEnabled: false }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodyOf(requestsTo('/login')[0])).toMatchObject({ username: 'admin', password: 'admin123' });
    expect(requestsTo('/captchaImage')).toHaveLength(1);
  });

  it('asks for the code once the late captcha answer says it is on, and sends nothing meanwhile', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    renderForm({ '/captchaImage': () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin123');
    await submit();
    answer(envelope(200, CAPTCHA));
    expect(await screen.findByText('Verification code is required')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'captcha' })).toBeInTheDocument();
    expect(requestsTo('/login')).toHaveLength(0);
  });

  it("forgets a previous session's user so the new token loads its own", async () => {
    useSession.setState({ name: 'someone-else', roles: ['admin'], loaded: true });
    const { onSuccess } = renderForm({ '/login': envelope(200, { token: 'new' }) });
    await userEvent.type(screen.getByLabelText('Username'), 'customer');
    await userEvent.type(screen.getByLabelText('Password'), 'customer123');
    await userEvent.type(screen.getByLabelText('Verification code'), 'abcd');
    await submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(useSession.getState()).toMatchObject({ token: 'new', name: '', roles: [], loaded: false });
  });

  it('remembers only the username when asked to', async () => {
    renderForm({ '/login': envelope(200, { token: 't' }) });
    await userEvent.type(screen.getByLabelText('Username'), 'manager');
    await userEvent.type(screen.getByLabelText('Password'), 'manager123');
    await userEvent.type(screen.getByLabelText('Verification code'), 'abcd');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember my username' }));
    await submit();
    await waitFor(() => expect(localStorage.getItem('rememberedUsername')).toBe('manager'));
    expect(JSON.stringify({ ...localStorage })).not.toContain('manager123');
  });
});
