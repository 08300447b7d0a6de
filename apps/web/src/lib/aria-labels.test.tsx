import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Button, InputNumber, Table } from 'antd';
import { SearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Providers } from '@/app/providers';
import { setLanguage } from './i18n';

afterEach(() => setLanguage('en'));

/** A page with what antd labels in English: icons, a number input's steps, a table's select-all box. */
function Page() {
  return (
    <div>
      <Button icon={<ThunderboltOutlined />}>Energy</Button>
      <Button icon={<SearchOutlined />} />
      <span aria-label="Own label" role="img" className="anticon anticon-bell" />
      <InputNumber aria-label="Setpoint" />
      <Table
        rowKey="id"
        rowSelection={{}}
        dataSource={[{ id: 1, name: 'A' }]}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
      />
    </div>
  );
}

describe('labels antd writes in English', () => {
  it('are in Chinese on a Chinese page: icons hidden or named, steps and select-all translated (issue 34)', async () => {
    await setLanguage('zh-CN');
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    // The icon beside a text is decorative; the one alone names its button in the page's language.
    await waitFor(() => expect(screen.getByRole('button', { name: '搜索' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Energy' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'thunderbolt' })).not.toBeInTheDocument();
    // A label the code gave is left alone.
    expect(screen.getByRole('img', { name: 'Own label' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '全选' })).toBeInTheDocument();
    expect(document.querySelector('[aria-label="Increase Value"]')).toBeNull();
    expect(document.querySelectorAll('[aria-label="增加"]')).toHaveLength(1);
    // No English icon name left in any label.
    const labels = [...document.querySelectorAll('[aria-label]')]
      .filter((el) => el.getAttribute('aria-hidden') !== 'true')
      .map((el) => el.getAttribute('aria-label'));
    expect(labels.filter((l) => /^[a-z]+(-[a-z]+)*$/.test(l ?? ''))).toEqual([]);

    // A change of language relabels what was labelled.
    await setLanguage('en');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument());
    expect(within(document.body).getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
  });
});
