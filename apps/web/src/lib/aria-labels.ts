import { useEffect } from 'react';
import type { TFunction } from 'i18next';

/**
 * English that antd writes into the page where its locale does not reach (issue 34: 64-71 English labels a
 * Chinese page): the number input's step buttons and the table's select-all box, and every icon's
 * `aria-label` (its English name: 'thunderbolt', 'down', 'search'). This puts them in the page's language:
 * antd's fixed labels are translated; an icon is decorative (hidden from screen readers) when it sits beside a
 * text or a label of its own, and where it is the only content of a button or link that has no name, the
 * button is named from its title or from the icon's word in the catalogue (`common.a11y.icons.*`). An icon
 * given a label of its own (any label that is not its icon's name) is left alone.
 */

/** antd's fixed English labels and their catalogue keys. */
const FIXED: Readonly<Record<string, string>> = {
  'Increase Value': 'common.a11y.increase',
  'Decrease Value': 'common.a11y.decrease',
  'Select all': 'common.a11y.selectAll',
  'Custom selection': 'common.a11y.customSelection',
};

/** Where a translated label came from (a catalogue key, or `title`), so a change of language redoes it. */
const FROM_ATTRIBUTE = 'data-sb-label-from';
const HOSTS = 'button, a[href], [role="button"], [role="menuitem"], [role="tab"], [role="switch"]';

/** Sets an attribute only when it changes: the observer below sees every write, even of the same value. */
function set(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function titleOf(host: Element): string | null {
  return host.getAttribute('title') ?? host.parentElement?.closest('[title]')?.getAttribute('title') ?? null;
}

/** A label this module wrote, written again (in the page's language now). */
function relabel(el: Element, t: TFunction): boolean {
  const from = el.getAttribute(FROM_ATTRIBUTE);
  if (from === null) return false;
  const label = from === 'title' ? titleOf(el) : t(from, { defaultValue: from.split('.').at(-1) ?? from });
  if (label) set(el, 'aria-label', label);
  return true;
}

function translateFixed(el: Element, t: TFunction): void {
  const key = FIXED[el.getAttribute('aria-label') ?? ''];
  if (!key) return;
  set(el, FROM_ATTRIBUTE, key);
  set(el, 'aria-label', t(key));
}

/** An icon with antd's own label (its name, as its class says), not one the code gave it. */
function isDefaultIcon(icon: Element): boolean {
  const name = icon.getAttribute('aria-label');
  return name !== null && icon.classList.contains(`anticon-${name}`);
}

function quietIcon(icon: Element, t: TFunction): void {
  if (!isDefaultIcon(icon)) return;
  const name = icon.getAttribute('aria-label') ?? '';
  set(icon, 'aria-hidden', 'true');
  const host = icon.parentElement?.closest(HOSTS);
  if (!host || host.hasAttribute('aria-label') || host.hasAttribute('aria-labelledby')) return;
  if ((host.textContent ?? '').trim() !== '') return;
  // The icon was the host's only name: keep the host named, in the page's language.
  set(host, FROM_ATTRIBUTE, titleOf(host) ? 'title' : `common.a11y.icons.${name}`);
  relabel(host, t);
}

function localizeOne(el: Element, t: TFunction): void {
  if (!relabel(el, t) && el.hasAttribute('aria-label')) translateFixed(el, t);
  if (el.classList.contains('anticon') && el.getAttribute('role') === 'img') quietIcon(el, t);
}

/** Puts the labels of `root` and everything under it in the page's language (see above). */
export function localizeLabels(root: Element, t: TFunction): void {
  localizeOne(root, t);
  for (const el of root.querySelectorAll('[aria-label], [data-sb-label-from]')) localizeOne(el, t);
}

/**
 * Keeps the document's labels in the page's language while it changes (antd renders drawers, menus and
 * popups at any time, outside the page's tree too): the whole body now and whenever the language changes,
 * then each element added.
 */
export function useLocalizedLabels(t: TFunction, language: string): void {
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    localizeLabels(document.body, t);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target instanceof Element) localizeOne(record.target, t);
        for (const node of record.addedNodes) if (node instanceof Element) localizeLabels(node, t);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [t, language]);
}
