import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import fences of eslint.config.js fire: a probe file with a forbidden import is linted as if it stood
 * in the tree, and the fence's error is expected (the fences once existed but never fired: without a
 * resolver no import path matched a zone). Each forbidden probe has an allowed twin, so a fence that
 * refused everything would fail too.
 */
const ROOT = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
const eslint = new ESLint({ cwd: ROOT });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const FENCE = 'import-x/no-restricted-paths';

describe('the import fences', () => {
  it("keep a web feature out of another feature's inner files", async () => {
    const file = 'apps/web/src/features/air/fence-probe.ts';
    expect(
      await rulesHit(file, "export { useLightBoard } from '@/features/lighting/api/get-light-board';\n"),
    ).toContain(FENCE);
    expect(
      await rulesHit(file, "export { useLightBoard } from '../lighting/api/get-light-board';\n"),
    ).toContain(FENCE);
    // Its own files and the shared layers below it are fine.
    expect(await rulesHit(file, "export { toQueryString } from '@/lib/request';\n")).not.toContain(FENCE);
  });

  it("keep a feature's styles with it: another feature cannot import them", async () => {
    const file = 'apps/web/src/features/scenes/fence-probe.ts';
    expect(await rulesHit(file, "import '@/features/buildings/components/buildings.css';\n")).toContain(
      FENCE,
    );
    expect(await rulesHit(file, "import '@/components/result-icon.css';\n")).not.toContain(FENCE);
  });

  it('keep lib below the features and features below the app shell', async () => {
    expect(
      await rulesHit(
        'apps/web/src/lib/fence-probe.ts',
        "export { default } from '@/features/air/pages/air-board-page';\n",
      ),
    ).toContain(FENCE);
    expect(
      await rulesHit(
        'apps/web/src/features/air/fence-probe.ts',
        "export { Layout } from '@/app/layout/layout';\n",
      ),
    ).toContain(FENCE);
  });

  it("keep a server module to another module's index.ts and tables", async () => {
    const file = 'apps/server/src/modules/devices/fence-probe.ts';
    expect(await rulesHit(file, "export { closeAlertsOfDevice } from '../alerts/service.js';\n")).toContain(
      FENCE,
    );
    expect(await rulesHit(file, "export { reportCount } from '../alerts/index.js';\n")).not.toContain(FENCE);
    expect(await rulesHit(file, "export { alerts } from '../alerts/tables.js';\n")).not.toContain(FENCE);
    expect(
      await rulesHit(
        'apps/server/src/mqtt/fence-probe.ts',
        "export { logDeviceChange } from '../modules/commands/control-log.js';\n",
      ),
    ).toContain(FENCE);
  });

  it('keep platform/ free of modules, and the simulator and the console away from the server', async () => {
    expect(
      await rulesHit(
        'apps/server/src/platform/fence-probe.ts',
        "export { users } from '../modules/users/tables.js';\n",
      ),
    ).toContain(FENCE);
    expect(
      await rulesHit(
        'apps/simulator/src/fence-probe.ts',
        "export { buildApp } from '../../server/src/app.js';\n",
      ),
    ).toContain(FENCE);
    expect(
      await rulesHit(
        'apps/web/src/lib/fence-probe.ts',
        "export { buildApp } from '../../../server/src/app.js';\n",
      ),
    ).toContain(FENCE);
    // The field bridge speaks the gateway MQTT API only; its tests may start a test server.
    expect(
      await rulesHit(
        'apps/bridge/src/fence-probe.ts',
        "export { buildApp } from '../../server/src/app.js';\n",
      ),
    ).toContain(FENCE);
    expect(
      await rulesHit(
        'apps/bridge/test/fence-probe.ts',
        "export { buildApp } from '../../server/src/app.js';\n",
      ),
    ).not.toContain(FENCE);
  });

  it("send every page's tabs through the wrapper that fixes antd's tablist role (issue 18)", async () => {
    const RESTRICTED = 'no-restricted-imports';
    const file = 'apps/web/src/features/alarm/fence-probe.tsx';
    expect(await rulesHit(file, "export { Tabs } from 'antd';\n")).toContain(RESTRICTED);
    expect(await rulesHit(file, "export { default } from 'antd/es/tabs';\n")).toContain(RESTRICTED);
    expect(await rulesHit(file, "export { default } from '@rc-component/tabs';\n")).toContain(RESTRICTED);
    // The rest of antd, the wrapper, and the wrapper's own use of antd's Tabs are fine.
    expect(await rulesHit(file, "export { Card, type TabsProps } from 'antd';\n")).not.toContain(RESTRICTED);
    expect(await rulesHit(file, "export { Tabs } from '@/components/tabs';\n")).not.toContain(RESTRICTED);
    expect(
      await rulesHit('apps/web/src/components/tabs.tsx', "export { Tabs } from 'antd';\n"),
    ).not.toContain(RESTRICTED);
  });

  describe('cycles', () => {
    const dir = path.join(ROOT, 'apps/server/src/modules', `fence-probe-${process.pid}`);
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('refuses two files that import each other', async () => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
