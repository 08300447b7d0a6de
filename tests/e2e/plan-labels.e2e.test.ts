import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { expectAccessible } from './support/console.js';
import { choose, demoPlace } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Names on the demo campus's floor plans (issue 18): the lighting board's marks of one floor can be told
 * apart (the four corridor lights of a floor all read 'A-F1 corridor ligh…' before), with the full name in
 * their tooltip and accessible name, and leave the plan's room names uncovered; the zone overlay on /building names each room once (the plan drawing
 * names its rooms itself).
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('plan-labels');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each mark's accessible name with the label it shows (its first line) and whether that label is clipped. */
function marksOf(page: Page) {
  return page.locator('.sb-light-button').evaluateAll((buttons) =>
    buttons.map((button) => {
      const label = button.querySelector('.sb-light-label');
      return {
        name: button.getAttribute('aria-label') ?? '',
        shown: label?.firstChild?.textContent ?? '',
        clipped: label instanceof HTMLElement && label.scrollWidth > label.clientWidth,
      };
    }),
  );
}

describe('names on floor plans', () => {
  it('tells the lighting board marks of a floor apart, with the full name in the tooltip', async () => {
    const session = await chromium.asManager(baseUrl, '/board/light');
    const { page, api } = session;
    const place = await demoPlace(api, 'Building A');
    const floor = place.floors[0];
    if (!floor) throw new Error('Building A has no floor');
    await page.getByRole('heading', { name: 'Lighting' }).waitFor();
    await choose(page, page.getByRole('combobox', { name: 'Building' }), 'Building A');
    await page.getByText(new RegExp(`^${escape(floor.name)} \\(\\d+/\\d+ on\\)$`)).click();
    const first = page.getByRole('button', { name: /^Light A-F1 corridor light 1: / });
    await first.waitFor();

    const marks = await marksOf(page);
    const corridor = marks.filter((m) => /^Light A-F1 corridor light \d+: /.test(m.name));
    expect(corridor).toHaveLength(4);
    expect(new Set(corridor.map((m) => m.shown)).size).toBe(4);
    // Every mark of the floor shows a label of its own, whole.
    expect(new Set(marks.map((m) => m.shown)).size).toBe(marks.length);
    expect(marks.filter((m) => m.clipped)).toEqual([]);

    // No mark covers a room name the plan draws (its middle and both ends).
    const covered = await page.locator('.sb-light-overlay').evaluate(async (overlay) => {
      const img = overlay.parentElement?.querySelector('img');
      if (!(img instanceof HTMLImageElement)) throw new Error('no plan picture');
      const doc = new DOMParser().parseFromString(await (await fetch(img.src)).text(), 'image/svg+xml');
      const [vx = 0, vy = 0, vw = 1, vh = 1] = (doc.documentElement.getAttribute('viewBox') ?? '')
        .split(/[\s,]+/)
        .map(Number);
      const box = img.getBoundingClientRect();
      const marks = [...overlay.querySelectorAll('.sb-light-button')].map((b) => b.getBoundingClientRect());
      return [...doc.querySelectorAll('text.label')].flatMap((text) => {
        const x = Number(text.getAttribute('x'));
        // The text's middle height: its baseline less a third of the 16-unit font.
        const y = Number(text.getAttribute('y')) - 5;
        const half = (text.textContent ?? '').length * 4;
        const hits = [x - half, x, x + half].some((px) => {
          const left = box.left + ((px - vx) / vw) * box.width;
          const top = box.top + ((y - vy) / vh) * box.height;
          return marks.some((m) => left >= m.left && left <= m.right && top >= m.top && top <= m.bottom);
        });
        return hits ? [text.textContent] : [];
      });
    });
    expect(covered).toEqual([]);

    await first.hover();
    await page.getByRole('tooltip', { name: 'A-F1 corridor light 1' }).waitFor();
    await screenshot(page, 'board-light-labels');
    await expectAccessible(page, 'light board marks');
  });

  it('names each room of a demo floor plan once on /building', async () => {
    const session = await chromium.asManager(baseUrl, '/building');
    const { page } = session;
    await page.getByRole('heading', { name: 'Buildings', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Floors of Building A' }).click();
    await page.getByRole('heading', { name: 'Floors of Building A' }).waitFor();
    const canvas = page.getByRole('application', { name: /^Zones on the floor plan of / }).first();
    await canvas.waitFor();
    const zoneNames = () => canvas.locator('[data-zone-id] > title').allTextContents();
    await expect.poll(async () => (await zoneNames()).length).toBeGreaterThan(3);
    // What the plan drawing itself says, read from the same file the page shows.
    const planTexts = await page
      .getByRole('img', { name: /^Floor plan of / })
      .first()
      .evaluate(async (img) => {
        const svg = await (await fetch((img as HTMLImageElement).src)).text();
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        return [...doc.getElementsByTagName('text')].map((t) => (t.textContent ?? '').trim());
      });
    // The overlay's labels settle once the page knows what the plan names.
    await expect
      .poll(async () => {
        const overlay = await canvas.locator('.sb-zone-label').allTextContents();
        return (await zoneNames()).filter(
          (name) => [...overlay, ...planTexts].filter((text) => text === name).length !== 1,
        );
      })
      .toEqual([]);
    expect((await zoneNames()).some((name) => planTexts.includes(name))).toBe(true);
    await screenshot(page, 'building-plan-names');
    await expectAccessible(page, 'building floor plan');
  });
});
