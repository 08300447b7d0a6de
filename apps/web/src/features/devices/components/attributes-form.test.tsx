import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { DEVICE_MODELS, FIELD_LABELS } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, serve } from '@/test/http';
import { sent, WAIT } from '../test/fixtures';
import { AttributesForm } from './attributes-form';

const userEvent = userEventLib.setup({ delay: null });
const SAVE = '/sbuilding/dev-client-attr/save-e90/9';

function renderForm(canEdit = true) {
  render(
    <Providers>
      <AttributesForm deviceId={9} model="e90" projectId={5} canEdit={canEdit} />
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/dev-client-attr/get/9': envelope(200, {
      deviceId: 9,
      model: 'e90',
      attributes: { pirOffDelay: 5, acTempSupport: true },
      history: [
        {
          time: '2026-01-03T09:30:00Z',
          userName: 'alice',
          changes: [{ key: 'pirOffDelay', from: 10, to: 5 }],
        },
      ],
    }),
    [SAVE]: envelope(200, null),
  });
});

describe('device parameters', { timeout: 90_000 }, () => {
  it('are generated from the catalogue: every e90 parameter, with the control its kind needs', async () => {
    renderForm();
    const delay = await screen.findByLabelText('PIR auto light off delay (min)', {}, WAIT);
    expect(delay).toHaveValue('5');
    // Every parameter of the model, labelled (with its unit), none listed a second time here.
    for (const field of DEVICE_MODELS.e90.attributes) {
      const label = FIELD_LABELS.en[field.name];
      expect(screen.getByLabelText(field.unit ? `${label} (${field.unit})` : label)).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'AC temperature support' })).toBeChecked();
    expect(screen.getByText('PIR auto light off delay: 10 min → 5 min')).toBeInTheDocument();
    expect(screen.getByText(/alice/)).toBeInTheDocument();
  });

  it('refuse 300 with the shared 0-255 rule and save a value in range with the e90 call', async () => {
    renderForm();
    const delay = await screen.findByLabelText('PIR auto light off delay (min)', {}, WAIT);
    await userEvent.clear(delay);
    await userEvent.click(delay);
    await userEvent.paste('300');
    await userEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    expect(await screen.findByText('Value must be between 0 and 255', {}, WAIT)).toBeVisible();
    expect(sent(SAVE, 'post')).toHaveLength(0);

    await userEvent.clear(delay);
    await userEvent.click(delay);
    await userEvent.paste('30');
    await userEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    await waitFor(() => expect(sent(SAVE, 'post')).toHaveLength(1), WAIT);
    expect(bodyOf(sent(SAVE, 'post')[0])).toEqual({ pirOffDelay: 30, acTempSupport: true });
  });

  it('reset a cleared parameter to the device default by sending null', async () => {
    renderForm();
    await userEvent.clear(await screen.findByLabelText('PIR auto light off delay (min)', {}, WAIT));
    await userEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    await waitFor(() => expect(sent(SAVE, 'post')).toHaveLength(1), WAIT);
    expect(bodyOf(sent(SAVE, 'post')[0])).toEqual({ pirOffDelay: null, acTempSupport: true });
  });

  it('are read-only without the right to change them', async () => {
    renderForm(false);
    expect(await screen.findByLabelText('PIR auto light off delay (min)', {}, WAIT)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save parameters' })).toBeNull();
  });
});
