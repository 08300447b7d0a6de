import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ImportCheck } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { IMPORT_TIMEOUT_MS } from '../api/import-devices';
import { sent, WAIT } from '../test/fixtures';
import { ImportDialog } from './import-dialog';

const userEvent = userEventLib.setup({ delay: null, applyAccept: false });

const GOOD = { line: 2, values: { model: 's2', name: 'Light 1', macAddr: 'AA:BB:CC:DD:EE:01' } };
const BAD = { line: 3, values: { model: 's2', name: 'Light 2', macAddr: 'AA:BB' } };
const CHECK: ImportCheck = {
  rows: [GOOD, BAD],
  results: [
    { line: 2, model: 's2', name: 'Light 1', errors: [] },
    {
      line: 3,
      model: 's2',
      name: 'Light 2',
      errors: [{ field: 'macAddr', message: 'MAC address format error' }],
    },
  ],
  valid: 1,
  invalid: 1,
  reportFileName: 'import-report-1.xlsx',
};

function fileInput() {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/device/import/check': envelope(200, CHECK),
    '/sbuilding/device/import': envelope(200, { imported: 1, rejected: [CHECK.results[1]] }),
  });
});

describe('device import dialog', { timeout: 90_000 }, () => {
  it('refuses a file that is neither .csv nor .xlsx before sending it', async () => {
    render(
      <Providers>
        <ImportDialog projectId={5} onClose={vi.fn()} />
      </Providers>,
    );
    await screen.findByRole('dialog', {}, WAIT);
    await userEvent.upload(fileInput(), new File(['x'], 'devices.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      'File format error, please upload a .csv or .xlsx file',
    );
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeDisabled();
    expect(seen).toHaveLength(0);
  });

  it('shows the rejected rows, offers the report and allows only the valid rows while one is invalid', async () => {
    const onClose = vi.fn();
    render(
      <Providers>
        <ImportDialog projectId={5} onClose={onClose} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.upload(fileInput(), new File(['model,name'], 'devices.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and check' }));

    expect(await within(dialog).findByText('Valid rows: 1. Invalid rows: 1.', {}, WAIT)).toBeVisible();
    expect(sent('/sbuilding/device/import/check', 'post')[0]?.params).toEqual({ projectId: 5 });
    // A large file takes longer than the 10 s default: the check and the import wait 5 minutes.
    expect(sent('/sbuilding/device/import/check', 'post')[0]?.timeout).toBe(IMPORT_TIMEOUT_MS);
    const rejected = within(dialog).getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByText('Light 2')).toBeInTheDocument();
    expect(within(rejected).getByText(/MAC address format error/)).toBeInTheDocument();
    expect(within(rejected).queryByText('Light 1')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download report' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Import all rows or none' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Import only the valid rows' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(sent('/sbuilding/device/import', 'put')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/device/import', 'put')[0])).toEqual({
      projectId: 5,
      mode: 'valid',
      rows: [GOOD, BAD],
    });
    expect(sent('/sbuilding/device/import', 'put')[0]?.timeout).toBe(IMPORT_TIMEOUT_MS);
    expect(await within(dialog).findByText('Devices imported: 1. Rows rejected: 1.', {}, WAIT)).toBeVisible();
  });
});
