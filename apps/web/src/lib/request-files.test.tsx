import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderFeedbackHost } from '@/test/feedback-host';
import { envelope, seen, serve } from '@/test/http';
import { removeToken, setToken } from './auth-token';
import { setLanguage } from './i18n';
import { getBlob, RequestError, resetRequestState, upload } from './request';

beforeEach(async () => {
  resetRequestState();
  removeToken();
  await setLanguage('en');
  renderFeedbackHost();
});

describe('file calls of the request client', () => {
  it('resolves a file answered as bytes, asked for as a blob with the token', async () => {
    setToken('abc.def');
    const png = new Blob(['\x89PNG'], { type: 'image/png' });
    serve({ '/qr': { status: 200, body: png } });
    await expect(getBlob('/qr', { params: { format: 'png' } })).resolves.toBe(png);
    expect(seen[0]?.responseType).toBe('blob');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it("rejects a refusal that came as an envelope instead of the file, with the server's message", async () => {
    const refusal = { code: 409, msg: 'The mini-program binding is off', data: null };
    serve({
      '/qr': { status: 409, body: new Blob([JSON.stringify(refusal)], { type: 'application/json' }) },
    });
    const error: unknown = await getBlob('/qr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 409, message: 'The mini-program binding is off' });
    expect(await screen.findByText('The mini-program binding is off')).toBeInTheDocument();
  });

  it('uploads one multipart part named file and resolves with the envelope data', async () => {
    serve({ '/up': envelope(200, { id: 'f1' }) });
    const file = new File(['x'], 'plan.svg', { type: 'image/svg+xml' });
    await expect(upload('/up', file)).resolves.toEqual({ id: 'f1' });
    const data = seen[0]?.data;
    expect(data).toBeInstanceOf(FormData);
    expect(data instanceof FormData ? (data.get('file') as File).name : null).toBe('plan.svg');
    expect(String(seen[0]?.headers.get('Content-Type'))).toMatch(/^multipart\/form-data/);
  });
});
