import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { ZoneFormModal } from './zone-form-modal';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const MEETING = {
  dictCode: 1,
  dictSort: 1,
  dictLabel: 'Meeting room',
  dictLabelZh: '会议室',
  dictValue: 'meeting',
  dictType: 'sb_zone_type',
  cssClass: '',
  listClass: '',
  isDefault: 'N',
  status: '0',
  remark: '',
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const created = () => seen.filter((c) => c.url === '/sbuilding/sector/create');

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/system/dict/data/type/sb_zone_type': envelope(200, [MEETING]),
    '/sbuilding/sector/create': (config) =>
      envelope(200, {
        id: 9,
        tenantId: 1,
        version: 1,
        createTime: '',
        updateTime: '',
        ...(bodyOf(config) as object),
      }),
  });
});

describe('zone form', { timeout: 60_000 }, () => {
  it('names the missing fields, and a flat rectangle typed in, before sending anything', async () => {
    render(
      <Providers>
        <ZoneFormModal
          open
          floorId={3}
          zone={null}
          drawn={{ kind: 'rect', x: 10, y: 20, w: 30, h: 40 }}
          onClose={vi.fn()}
        />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(await within(dialog).findByLabelText('X', {}, WAIT)).toHaveValue('10');
    expect(within(dialog).getByLabelText('Height')).toHaveValue('40');
    await userEvent.clear(within(dialog).getByLabelText('Height'));
    await userEvent.type(within(dialog).getByLabelText('Height'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required', {}, WAIT)).toBeVisible();
    expect(within(dialog).getByText('Zone type is required')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Board room');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Zone type' }));
    await userEvent.click(await screen.findByTitle('Meeting room', {}, WAIT));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Height is invalid', {}, WAIT)).toBeVisible();
    expect(created()).toHaveLength(0);
  });

  it('saves a polygon typed in as corners, one per line', async () => {
    const onClose = vi.fn();
    render(
      <Providers>
        <ZoneFormModal open floorId={3} zone={null} drawn={null} onClose={onClose} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Atrium');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Zone type' }));
    await userEvent.click(await screen.findByTitle('Meeting room', {}, WAIT));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Polygon' }));
    await userEvent.type(await within(dialog).findByLabelText('Points'), '0, 0{Enter}100, 0{Enter}50, 80');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(bodyOf(created()[0])).toEqual({
      floorId: 3,
      name: 'Atrium',
      type: 'meeting',
      mark: '',
      shape: {
        kind: 'polygon',
        points: [
          [0, 0],
          [100, 0],
          [50, 80],
        ],
      },
    });
  });
});
