import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { RichTextEditor } from './rich-text-editor';

const userEvent = userEventLib.setup({ delay: null });

beforeEach(async () => {
  await setLanguage('en');
});

// jsdom lays nothing out and its ranges have no rectangles: ProseMirror asks for them to scroll the
// selection into view. Empty ones are what an unlaid-out page would answer.
if (typeof Range.prototype.getClientRects !== 'function') {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

/** A form field holding the editor's value, as antd's Form.Item does. */
function Field({ initial, onChange }: { initial: string | null; onChange: (html: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Providers>
      <RichTextEditor
        label="Content"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Another row</p>')}>
        load another
      </button>
    </Providers>
  );
}

describe('rich text editor', () => {
  it('shows the value as formatted text, never its scripts, in a named text box', async () => {
    render(
      <Field initial={'<p>Hello <strong>there</strong></p><script>alert(1)</script>'} onChange={vi.fn()} />,
    );
    const box = await screen.findByRole('textbox', { name: 'Content' });
    expect(box).toHaveTextContent('Hello there');
    expect(box.querySelector('strong')).toHaveTextContent('there');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Content formatting' })).toBeInTheDocument();
  });

  it('reports the HTML as the user formats it, and takes a value set from outside', async () => {
    const onChange = vi.fn();
    render(<Field initial={'<p>Plain</p>'} onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Plain</p></li></ul>'));
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'load another' }));
    await waitFor(() => expect(box).toHaveTextContent('Another row'));
    expect(box.querySelector('ul')).toBeNull();
  });
});
