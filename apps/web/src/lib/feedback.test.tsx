import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Providers } from '@/app/providers';
import { feedback } from './feedback';

function SaveButton() {
  const { message } = AntApp.useApp();
  return (
    <button type="button" onClick={() => void message.success('Saved')}>
      Save
    </button>
  );
}

describe('feedback', () => {
  it('keeps a notice asked for before antd’s App is loaded and shows it, themed, once it is', async () => {
    // Asked before anything is rendered: the request client's error on the login page.
    void feedback().message.error('Wrong user name or password');
    render(
      <Providers>
        <SaveButton />
      </Providers>,
    );
    const notice = await screen.findByText('Wrong user name or password');
    expect(notice.closest('.ant-message')).not.toBeNull();
  });

  it('gives the pages’ App.useApp() the same notices', async () => {
    render(
      <Providers>
        <SaveButton />
      </Providers>,
    );
    screen.getByRole('button', { name: 'Save' }).click();
    expect((await screen.findByText('Saved')).closest('.ant-message')).not.toBeNull();
  });
});
