import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { ProjectPage } from './project-page';

beforeEach(async () => {
  await setLanguage('en');
});

function renderPage(projectId: number | null) {
  return render(
    <Providers>
      <MemoryRouter>
        <ProjectPage title="Control log" projectId={projectId}>
          {(id) => <p>content of project {id}</p>}
        </ProjectPage>
      </MemoryRouter>
    </Providers>,
  );
}

describe('project page', () => {
  it('shows the heading and points to the guide, without the content, before a project is chosen', () => {
    renderPage(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Control log' })).toBeInTheDocument();
    expect(screen.getByText('No project is selected: choose one first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a project in the guide' })).toHaveAttribute(
      'href',
      '/guide',
    );
    expect(screen.queryByText(/content of project/)).not.toBeInTheDocument();
  });

  it('shows the heading and the content for the chosen project', () => {
    renderPage(7);
    expect(screen.getByRole('heading', { level: 1, name: 'Control log' })).toBeInTheDocument();
    expect(screen.getByText('content of project 7')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Choose a project in the guide' })).not.toBeInTheDocument();
  });
});
