import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { CalendarPanel } from './calendar-panel';
import { ProjectFormModal } from './project-form-modal';
import { WorkTimeForm } from './work-time-form';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 5000 };
const YEAR = new Date().getFullYear();
const MAY_4 = `${YEAR}-05-04`;

let calendarVersion = 3;
let saveReply = envelope(200, null);

function dayButton(date: string): HTMLElement {
  const button = document.querySelector<HTMLElement>(`button[data-date="${date}"]`);
  if (!button) throw new Error(`no button for ${date}`);
  return button;
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  calendarVersion = 3;
  saveReply = envelope(200, { projectId: 5, year: YEAR, version: 4, days: [] });
  serve({
    '/sbuilding/vacations/5': () =>
      envelope(200, {
        projectId: 5,
        year: YEAR,
        version: calendarVersion,
        days: [{ date: `${YEAR}-01-01`, type: 'holiday', name: "New Year's Day" }],
      }),
    '/sbuilding/vacations': () => saveReply,
    '/system/dict/data/type/sb_zone_type': envelope(200, []),
    '/system/dict/data/type/sb_work_time_type': envelope(200, []),
    '/system/dict/data/type/sb_project_status': envelope(200, []),
    '/sbuilding/tenant/getList': envelope(200, { rows: [{ id: 2, name: 'Demo Tenant' }], total: 1 }),
  });
  useSession.setState({ roles: ['tbAdmin'] });
});

describe('the project calendar', () => {
  it('cycles a day through holiday and extra working day with clicks and the keyboard, named and pressed', async () => {
    render(
      <Providers>
        <CalendarPanel projectId={5} />
      </Providers>,
    );
    await waitFor(() => expect(dayButton(`${YEAR}-01-01`)).toHaveAttribute('aria-pressed', 'true'), WAIT);
    const day = dayButton(MAY_4);
    expect(day).toHaveAttribute('aria-pressed', 'false');
    expect(day.getAttribute('aria-label')).toMatch(/May 4.*Working day$/);
    await userEvent.click(day);
    expect(dayButton(MAY_4)).toHaveAttribute('aria-pressed', 'true');
    expect(dayButton(MAY_4).getAttribute('aria-label')).toMatch(/Holiday$/);
    dayButton(MAY_4).focus();
    await userEvent.keyboard('{Enter}');
    expect(dayButton(MAY_4).getAttribute('aria-label')).toMatch(/Extra working day$/);
    await userEvent.keyboard(' ');
    expect(dayButton(MAY_4)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the whole year with the version it read', async () => {
    render(
      <Providers>
        <CalendarPanel projectId={5} />
      </Providers>,
    );
    await waitFor(() => expect(dayButton(`${YEAR}-01-01`)).toHaveAttribute('aria-pressed', 'true'), WAIT);
    await userEvent.click(dayButton(MAY_4));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((c) => c.url === '/sbuilding/vacations')).toBe(true));
    const save = seen.find((c) => c.url === '/sbuilding/vacations');
    expect(bodyOf(save)).toEqual({
      projectId: 5,
      year: YEAR,
      version: 3,
      days: [
        { date: `${YEAR}-01-01`, type: 'holiday', name: "New Year's Day" },
        { date: MAY_4, type: 'holiday', name: '' },
      ],
    });
  });

  it('shows the conflict and reloads the year someone else saved', async () => {
    saveReply = envelope(409, null, 'The record was changed by someone else. Reload and try again.');
    render(
      <Providers>
        <CalendarPanel projectId={5} />
      </Providers>,
    );
    await waitFor(() => expect(dayButton(`${YEAR}-01-01`)).toHaveAttribute('aria-pressed', 'true'), WAIT);
    await userEvent.click(dayButton(MAY_4));
    calendarVersion = 7;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed by someone else/, {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(dayButton(MAY_4)).toHaveAttribute('aria-pressed', 'false'));
    const loads = seen.filter((c) => c.url === '/sbuilding/vacations/5');
    expect(loads.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the forms (spec section 5)', () => {
  it('requires zone type, time type, start and end of a work time next to the fields', async () => {
    render(
      <Providers>
        <WorkTimeForm projectId={5} editing={undefined} open onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    for (const message of [
      'Zone type is required',
      'Time type is required',
      'Start time is required',
      'End time is required',
    ]) {
      expect(await screen.findByText(message, {}, WAIT)).toBeInTheDocument();
    }
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/work/rest')).toBe(false);
  });

  it('requires the project name and address', async () => {
    render(
      <Providers>
        <ProjectFormModal editing={undefined} open onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    expect(await screen.findByText('Project name is required', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Address is required', {}, WAIT)).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/project/create')).toBe(false);
  });

  it('asks the platform administrator, and only it, for the tenant of a new project', async () => {
    useSession.setState({ roles: ['admin'] });
    render(
      <Providers>
        <ProjectFormModal editing={undefined} open onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    expect(await screen.findByText('Tenant is required', {}, WAIT)).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/tenant/getList')).toBe(true);
  });

  it('does not ask a project administrator for a tenant', async () => {
    render(
      <Providers>
        <ProjectFormModal editing={undefined} open onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    expect(await screen.findByText('Project name is required', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByLabelText('Tenant')).not.toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/tenant/getList')).toBe(false);
  });
});
