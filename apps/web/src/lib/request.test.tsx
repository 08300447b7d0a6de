import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFeedbackHost } from '@/test/feedback-host';
import { envelope, seen, serve } from '@/test/http';
import { getToken, removeToken, setToken } from './auth-token';
import { http } from './http';
import { setLanguage } from './i18n';
import { pageNavigation } from './logout';
import { get, post, RequestError, resetRequestState } from './request';
import { useSession } from './session';

beforeEach(async () => {
  resetRequestState();
  removeToken();
  localStorage.clear();
  await setLanguage('en');
  renderFeedbackHost();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request client', () => {
  it('resolves with the envelope data when the code is 200', async () => {
    serve({ '/thing': envelope(200, { id: 7 }) });
    await expect(get('/thing')).resolves.toEqual({ id: 7 });
  });

  it('sends the Lang header of the chosen language', async () => {
    serve({ '/thing': envelope(200) });
    await get('/thing');
    await setLanguage('zh-CN');
    await get('/thing');
    expect(seen.map((c) => c.headers.get('Lang'))).toEqual(['EN', 'ZH']);
  });

  it('sends the Admin-Token cookie as a Bearer token', async () => {
    setToken('abc.def');
    serve({ '/thing': envelope(200) });
    await get('/thing');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it('omits Authorization (and the isToken marker) when the request sets isToken to false', async () => {
    setToken('abc.def');
    serve({ '/captchaImage': envelope(200) });
    await get('/captchaImage', { headers: { isToken: false } });
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
    expect(seen[0]?.headers.has('isToken')).toBe(false);
  });

  it('serialises query params per section 9', async () => {
    serve({ '/list': envelope(200, []) });
    await get('/list', { params: { pageNum: 1, projectName: '', ids: [1, 2], q: 'a b' } });
    expect(http.getUri(seen[0])).toBe('/list?pageNum=1&ids[]=1&ids[]=2&q=a%20b');
  });

  it('shows ONE System Tips dialog when several requests fail with 401 at once', async () => {
    setToken('expired');
    serve({ '/a': envelope(401), '/b': envelope(401), '/c': envelope(401) });
    const results = await Promise.allSettled([get('/a'), get('/b'), get('/c')]);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof RequestError)).toBe(true);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog).toHaveTextContent('System Tips');
    expect(dialog).toHaveTextContent('Login status has expired, You can stay on this page, Or log in again');
    expect(within(dialog).getByRole('button', { name: 'Log In Again' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('logs out, forgets the session and reloads when the user picks Log In Again', async () => {
    setToken('expired');
    useSession.setState({ name: 'admin', roles: ['admin'], loaded: true });
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    serve({ '/a': envelope(401), '/logout': envelope(200) });
    await expect(get('/a')).rejects.toMatchObject({ code: 401 });
    await userEvent.click(await screen.findByRole('button', { name: 'Log In Again' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(seen.map((c) => c.url)).toContain('/logout');
    expect(getToken()).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ name: '', roles: [], loaded: false });
  });

  it('relaunches the mini-program home page instead of reloading in mini-program mode', async () => {
    setToken('expired');
    localStorage.setItem('miniprogram', 'true');
    localStorage.setItem('selectHall', '12');
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    serve({ '/a': envelope(401), '/logout': envelope(200) });
    await expect(get('/a')).rejects.toBeInstanceOf(RequestError);
    await userEvent.click(await screen.findByRole('button', { name: 'Log In Again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/wxProgram?hallId=12'));
  });

  it('shows the dialog again after Cancel when another 401 arrives', async () => {
    setToken('expired');
    serve({ '/a': envelope(401) });
    await expect(get('/a')).rejects.toBeInstanceOf(RequestError);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(get('/a')).rejects.toBeInstanceOf(RequestError);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('treats a 401 to a request without a token as an ordinary error, not an expired login', async () => {
    serve({ '/a': envelope(401, null, 'Wrong username or password') });
    const tableMessage = 'Authentication failed, cannot access system resources';
    await expect(get('/a')).rejects.toThrow(tableMessage);
    expect(await screen.findByText(tableMessage)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an error toast with the message on 500 and rejects', async () => {
    serve({ '/a': envelope(500, null, 'Database unavailable') });
    await expect(post('/a', {})).rejects.toMatchObject({ code: 500, message: 'Database unavailable' });
    const toast = await screen.findByText('Database unavailable');
    expect(toast.closest('.ant-message')).not.toBeNull();
  });

  it('shows an error notification titled with the message for other codes', async () => {
    serve({ '/a': envelope(409, null, 'Name already exists') });
    await expect(post('/a', {})).rejects.toMatchObject({ code: 409 });
    const title = await screen.findByText('Name already exists');
    expect(title.closest('.ant-notification')).not.toBeNull();
  });

  it('uses the message table for 401, 403 and 404 even when the server sends a msg', async () => {
    serve({
      '/403': envelope(403, null, 'Project is locked'),
      '/404': envelope(404, null, 'No such project'),
    });
    await expect(get('/403')).rejects.toThrow('No permission for this operation');
    await expect(get('/404')).rejects.toThrow('Resource not found');
  });

  it('falls back to the message table when the server sends no msg', async () => {
    serve({ '/403': envelope(403), '/404': envelope(404), '/418': envelope(418) });
    await expect(get('/403')).rejects.toThrow('No permission for this operation');
    await expect(get('/404')).rejects.toThrow('Resource not found');
    await expect(get('/418')).rejects.toThrow('Unknown system error, please report to the administrator');
  });

  it('translates the message table', async () => {
    await setLanguage('zh-CN');
    serve({ '/403': envelope(403) });
    await expect(get('/403')).rejects.toThrow('当前操作没有权限');
  });

  it('stays quiet when the request is silent, leaving the error to the caller', async () => {
    setToken('expired');
    serve({ '/a': envelope(500, null, 'Boom'), '/b': envelope(401) });
    await expect(get('/a', { silent: true })).rejects.toThrow('Boom');
    await expect(get('/b', { silent: true })).rejects.toMatchObject({ code: 401 });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("stays quiet but for the expired login's dialog when the request is silent except-expired", async () => {
    setToken('expired');
    serve({ '/a': envelope(500, null, 'Boom'), '/b': envelope(401) });
    await expect(get('/a', { silent: 'except-expired' })).rejects.toThrow('Boom');
    await expect(get('/b', { silent: 'except-expired' })).rejects.toMatchObject({ code: 401 });
    expect(await screen.findByRole('dialog')).toHaveTextContent('System Tips');
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('logs network errors, rejects and tells the user', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ '/a': Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' }) });
    await expect(get('/a')).rejects.toMatchObject({ kind: 'network', code: null });
    expect(log).toHaveBeenCalled();
    expect(
      await screen.findByText('Cannot reach the server, please check the network connection'),
    ).toBeInTheDocument();
  });

  it('says so when a request times out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ '/a': Object.assign(new Error('timeout'), { isAxiosError: true, code: 'ECONNABORTED' }) });
    await expect(get('/a')).rejects.toMatchObject({ kind: 'timeout' });
    expect(await screen.findByText('The request timed out, please try again')).toBeInTheDocument();
  });

  it('rejects a response that is not an envelope (e.g. an HTML error page)', async () => {
    serve({ '/a': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(get('/a')).rejects.toMatchObject({ code: 502 });
  });

  it('validates data against a schema when one is given', async () => {
    const { z } = await import('zod');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ '/a': envelope(200, { token: 5 }) });
    await expect(get('/a', { schema: z.object({ token: z.string() }), silent: true })).rejects.toBeInstanceOf(
      RequestError,
    );
  });
});
