/** Quoted-printable (with soft line breaks) to text. */
function fromQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const flat = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    const hex = flat.slice(i + 1, i + 3);
    if (flat[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A message the tests' SMTP sink received, as a person reads it: encoded headers and the quoted-printable
 * body decoded (nodemailer writes non-ASCII text so).
 */
export function readableMail(data: string): string {
  return fromQuotedPrintable(
    data
      .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) =>
        fromQuotedPrintable(word.replace(/_/g, ' ')),
      ),
  );
}
