import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps the formatting an editor writes', () => {
    const html =
      '<p>A <strong>bold</strong> <em>word</em></p><ul><li>one</li></ul><p><a href="https://example.com/x">link</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, event handlers, javascript: links, styles and embedded documents', () => {
    const html =
      '<p style="color:red" onclick="steal()">Hi</p><script>alert(1)</script><img src="x.png" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">go</a><iframe src="https://evil.example"></iframe><style>p{}</style>';
    expect(sanitizeRichText(html)).toBe('<p>Hi</p><img src="x.png"><a>go</a>');
  });

  it('leaves an empty field empty', () => {
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText('')).toBe('');
  });
});
