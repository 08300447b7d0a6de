import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { DevicePicker } from './device-picker';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/device/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
  });
});

describe('DevicePicker', { timeout: 60_000 }, () => {
  it('searches by name on Enter without submitting the form it sits in (a group form)', async () => {
    const submitted = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <Providers>
        <form onSubmit={submitted}>
          <DevicePicker
            projectId={5}
            multiple
            selectedIds={[]}
            onChange={() => undefined}
            caption="Devices"
          />
          {/* With a submit button, Enter in any of the form's fields submits it (implicit submission). */}
          <button type="submit">Save</button>
        </form>
      </Providers>,
    );
    await userEvent.type(await screen.findByLabelText('Device name', {}, WAIT), 'corridor{Enter}');
    await waitFor(() => {
      const lists = seen.filter((c) => c.url === '/sbuilding/device/getList').map(bodyOf);
      expect(lists.at(-1)).toMatchObject({ projectId: 5, name: 'corridor' });
    }, WAIT);
    expect(submitted).not.toHaveBeenCalled();
  });
});
