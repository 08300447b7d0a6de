import { Badge } from 'antd';
import { labelOf, useDict } from '@/lib/dict';

/**
 * The dictionary's tag styles as status dots: the colour sits on the dot and the label keeps the
 * default text colour, since coloured tag text on its tinted ground fails AA contrast.
 */
const DOT_COLOURS: Record<string, string> = {
  primary: '#1677ff',
  success: '#52c41a',
  info: '#13c2c2',
  warning: '#faad14',
  danger: '#ff4d4f',
};

/** A dictionary value with its label in the current language and its style's colour. */
export function DictTag({ type, value }: { type: string; value: string }) {
  const options = useDict(type);
  const option = options.find((o) => o.value === value);
  return <Badge color={DOT_COLOURS[option?.listClass ?? ''] ?? '#8c8c8c'} text={labelOf(options, value)} />;
}
