/** Longest visible label under a mark on the plan (characters, the ellipsis included). */
export const SHORT_LABEL_MAX = 12;

const ELLIPSIS = '…';

function words(label: string): string[] {
  return label.trim().split(/\s+/).filter(Boolean);
}

function endsWithWords(label: string[], tail: string[]): boolean {
  if (tail.length > label.length) return false;
  const offset = label.length - tail.length;
  return tail.every((w, i) => label[offset + i] === w);
}

function startsWithWords(label: string[], head: string[]): boolean {
  return head.length <= label.length && head.every((w, i) => label[i] === w);
}

/**
 * Short labels that tell the marks of one plan apart, in the order given: a label that fits stays whole;
 * a longer one keeps the fewest last words no other label ends with ('…light 2' for 'A-F1 corridor light
 * 2'; a number alone keeps the word before it), else the fewest first words no other label starts with
 * ('Office 101…'), else its start. The full name stays in the mark's tooltip and accessible name.
 */
export function shortLabels(labels: readonly string[], max = SHORT_LABEL_MAX): string[] {
  const split = labels.map(words);
  return labels.map((label, index) => {
    const own = split[index] ?? [];
    const text = own.join(' ');
    if (text.length <= max) return text;
    const others = split.filter((_, i) => i !== index && labels[i] !== label);
    for (let n = 1; n < own.length; n++) {
      const tail = own.slice(own.length - n);
      if (n === 1 && /^\d+$/.test(tail[0] ?? '') && own.length > 1) continue;
      const candidate = ELLIPSIS + tail.join(' ');
      if (candidate.length > max) break;
      if (!others.some((o) => endsWithWords(o, tail))) return candidate;
    }
    for (let n = 1; n < own.length; n++) {
      const head = own.slice(0, n);
      const candidate = head.join(' ') + ELLIPSIS;
      if (candidate.length > max) break;
      if (!others.some((o) => startsWithWords(o, head))) return candidate;
    }
    return text.slice(0, max - 1) + ELLIPSIS;
  });
}
