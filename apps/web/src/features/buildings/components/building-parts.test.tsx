import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { Building, Floor } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { BuildingFormModal } from './building-form-modal';
import { BuildingTable } from './building-table';
import { FloorFormModal } from './floor-form-modal';
import { FileUpload } from '@/components/file-upload';
import { QrCodeModal, qrFileName } from './qr-code-modal';

const userEvent = userEventLib.setup({ delay: null, applyAccept: false });
const WAIT = { timeout: 15_000 };
const IMAGE_REFUSAL = 'File format error, Please upload the picture type';
const HAS_FLOORS = 'This building still holds floors (2); delete or move them before deleting the building';

const BUILDING: Building = {
  id: 11,
  tenantId: 1,
  projectId: 5,
  name: 'Building A',
  longitude: 121.6018,
  latitude: 31.2036,
  address: '88 Keyuan Road',
  imageId: null,
  imageUrl: null,
  miniProgramEnabled: true,
  version: 2,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};
const FLOOR: Floor = {
  id: 21,
  tenantId: 1,
  buildingId: 11,
  name: '1F',
  mark: 'F1',
  area: null,
  imageId: null,
  imageUrl: null,
  planId: null,
  planUrl: null,
  planViewBox: null,
  tags: [],
  sort: 1,
  version: 3,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};
const UPLOADED = {
  id: '0b9c7c2e-8f3e-4c1a-9d55-0d6a1f1c2b3a',
  tenantId: 1,
  kind: 'image',
  mime: 'image/png',
  size: 70,
  originalName: 'tower.png',
  viewBox: null,
  url: '/sbuilding/file/0b9c7c2e-8f3e-4c1a-9d55-0d6a1f1c2b3a?exp=1&sig=x',
  createTime: '2026-01-01T00:00:00Z',
};

const sent = (url: string, method: string) => seen.filter((c) => c.url === url && c.method === method);
const inProviders = (ui: ReactNode) => render(<Providers>{ui}</Providers>);

/** The server judges bytes: here the first upload of a test is the refused one. */
let uploads = 0;

beforeEach(async () => {
  queryClient.clear();
  uploads = 0;
  await setLanguage('en');
  serve({
    '/sbuilding/hall/create': (config) =>
      envelope(200, { ...BUILDING, id: 12, ...(bodyOf(config) as object) }),
    '/sbuilding/file/upload/image': (config) => {
      uploads += 1;
      expect(config.data).toBeInstanceOf(FormData);
      return uploads === 1 ? envelope(400, null, IMAGE_REFUSAL) : envelope(200, UPLOADED);
    },
    '/sbuilding/hall/del/11': envelope(409, null, HAS_FLOORS),
    '/sbuilding/floor/save/21': (config) =>
      envelope(200, { ...FLOOR, ...(bodyOf(config) as object), version: 4 }),
    '/sbuilding/hall/11/qrcode': { status: 200, body: new Blob(['\x89PNG'], { type: 'image/png' }) },
  });
});

describe('picture upload', { timeout: 60_000 }, () => {
  it("shows the server's refusal of bytes that are not a picture, then takes a real one", async () => {
    const onChange = vi.fn();
    inProviders(<FileUpload kind="image" label="Image" onChange={onChange} />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png');
    await userEvent.upload(input, new File(['GIF89a'], 'renamed.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(IMAGE_REFUSAL);
    expect(onChange).not.toHaveBeenCalled();
    // rc-upload replaces its input after each choice.
    const next = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(next, new File(['\x89PNG'], 'tower.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(UPLOADED.id), WAIT);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file by its name before sending it', async () => {
    inProviders(<FileUpload kind="svg" label="Floor plan" />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input).toHaveAttribute('accept', '.svg');
    await userEvent.upload(input, new File(['x'], 'plan.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Please upload an SVG file');
    expect(seen).toHaveLength(0);
  });
});

describe('building form', { timeout: 60_000 }, () => {
  it('checks the coordinates with the shared rule before creating the building in the project', async () => {
    const onClose = vi.fn();
    inProviders(<BuildingFormModal open projectId={5} building={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Tower');
    await userEvent.type(within(dialog).getByLabelText('Longitude'), '200');
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '31.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Longitude must be between -180 and 180', {}, WAIT)).toBeVisible();
    expect(sent('/sbuilding/hall/create', 'put')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Longitude'));
    await userEvent.type(within(dialog).getByLabelText('Longitude'), '121.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(await screen.findByText('Added', {}, WAIT)).toBeInTheDocument();
    expect(bodyOf(sent('/sbuilding/hall/create', 'put')[0])).toMatchObject({
      projectId: 5,
      name: 'Tower',
      longitude: 121.5,
      latitude: 31.2,
      imageId: null,
      miniProgramEnabled: true,
    });
  });
});

describe('floor form', { timeout: 60_000 }, () => {
  it('says the floor was saved', async () => {
    const onClose = vi.fn();
    inProviders(<FloorFormModal open buildingId={11} floor={FLOOR} nextSort={2} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ground floor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(await screen.findByText('Saved', {}, WAIT)).toBeInTheDocument();
    expect(bodyOf(sent('/sbuilding/floor/save/21', 'post')[0])).toMatchObject({
      name: 'Ground floor',
      version: 3,
    });
  });
});

describe('building list actions', { timeout: 60_000 }, () => {
  it("asks before deleting and shows the server's refusal of a building that has floors", async () => {
    inProviders(
      <BuildingTable
        rows={[BUILDING]}
        loading={false}
        selectedId={null}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onQrCode={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Building A' }));
    expect(await screen.findByText(/Delete the building "Building A"\?/, {}, WAIT)).toBeInTheDocument();
    expect(sent('/sbuilding/hall/del/11', 'delete')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(HAS_FLOORS, {}, WAIT)).toBeInTheDocument();
    expect(sent('/sbuilding/hall/del/11', 'delete')).toHaveLength(1);
  });

  it('shows the QR code fetched with the token and the link it encodes', async () => {
    inProviders(<QrCodeModal building={BUILDING} onClose={vi.fn()} />);
    const img = await screen.findByRole(
      'img',
      { name: 'QR code that opens Building A in the mini-program' },
      WAIT,
    );
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText(`${window.location.origin}/wxProgram?hallId=11`)).toBeInTheDocument();
    expect(sent('/sbuilding/hall/11/qrcode', 'get')[0]?.params).toEqual({ format: 'png' });
  });

  it('names a downloaded QR code after the building', () => {
    expect(qrFileName({ id: 11, name: 'Building A/East' }, 'svg')).toBe('Building_A_East-11-qrcode.svg');
    expect(qrFileName({ id: 3, name: '  ' }, 'png')).toBe('building-3-qrcode.png');
  });
});
