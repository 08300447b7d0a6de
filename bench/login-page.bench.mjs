// The login page's weight: what a first visit to /login transfers, as the browser counts it (bytes on the
// wire after compression, from Chromium's own network events, not the file sizes), by type, and the
// JavaScript and all of it in total. Target (issue 18): the login page needs at most 300 KB compressed.
// Needs a built console and server (npm run build) and Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import { chromium } from 'playwright-core';
import { startServer } from './support.mjs';

const TARGET_BYTES = 300 * 1024;

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, {
      url: response.url,
      type,
      encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) r.bytes = encodedDataLength;
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page
    .getByRole('button', { name: /log ?in|sign ?in|登录/i })
    .first()
    .waitFor();
  const all = [...requests.values()];
  const kb = (n) => `${(n / 1024).toFixed(1).padStart(8)} KB`;
  const byType = new Map();
  for (const r of all) byType.set(r.type, (byType.get(r.type) ?? 0) + r.bytes);
  for (const r of all.filter((x) => x.type === 'Script').sort((a, b) => b.bytes - a.bytes)) {
    process.stdout.write(`  ${kb(r.bytes)}  ${r.encoding.padEnd(4)}  ${new URL(r.url).pathname}\n`);
  }
  for (const [type, bytes] of byType) process.stdout.write(`${type.padEnd(12)} ${kb(bytes)}\n`);
  const script = byType.get('Script') ?? 0;
  const total = all.reduce((sum, r) => sum + r.bytes, 0);
  process.stdout.write(
    `login page: JavaScript ${kb(script)}, everything ${kb(total)} transferred (${all.length} requests); target ${kb(TARGET_BYTES)}: ${total <= TARGET_BYTES ? 'met' : 'NOT met'}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
}
