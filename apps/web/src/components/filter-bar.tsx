import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';

interface FilterBarProps<V> {
  /** The form's name: antd prefixes its fields' ids with it. */
  name: string;
  /** The search region's accessible name. */
  label: string;
  searchText: string;
  resetText: string;
  /** Search: the fields' values. */
  onFinish: (values: V) => void;
  /** Reset: called after the fields are cleared. */
  onReset: () => void;
  /** The filter fields (Form.Items named after the values). */
  children: ReactNode;
}

/** A list's filter bar: an inline search form of its fields, then Search, and Reset that clears them. */
export function FilterBar<V>({
  name,
  label,
  searchText,
  resetText,
  onFinish,
  onReset,
  children,
}: FilterBarProps<V>) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      form={form}
      layout="inline"
      name={name}
      role="search"
      aria-label={label}
      onFinish={onFinish}
      className="sb-filters"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {searchText}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {resetText}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * A time range picker's value as the list bodies' `from` and `to` (ISO instants; an open end is absent). The
 * picker shows the project's wall clock: `fromPicker` (lib/time's rule) says which instants it names.
 */
export function rangeToIso(
  range: [Dayjs | null, Dayjs | null] | null | undefined,
  fromPicker: (value: Dayjs) => string,
) {
  const [from, to] = range ?? [];
  return { from: from ? fromPicker(from) : undefined, to: to ? fromPicker(to) : undefined };
}
