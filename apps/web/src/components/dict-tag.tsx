import { Tag } from 'antd';
import { labelOf, useDict } from '@/lib/dict';

/**
 * antd preset colours for the dictionary's tag styles; their dark text on a light ground keeps AA
 * contrast (status colours such as 'warning' do not).
 */
const TAG_COLOURS: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  info: 'geekblue',
  warning: 'volcano',
  danger: 'red',
};

/** A dictionary value shown as a tag with its label in the current language. */
export function DictTag({ type, value }: { type: string; value: string }) {
  const options = useDict(type);
  const option = options.find((o) => o.value === value);
  return <Tag color={TAG_COLOURS[option?.listClass ?? '']}>{labelOf(options, value)}</Tag>;
}
