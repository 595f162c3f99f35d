import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, MANAGER } from './support/api';
import { login } from './support/auth';
import { DESKTOP, PHONE, scan, shoot, SHOTS_DIR } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { staffScreens, workspaceScreens } from './support/screens';
import { startServer, type RunningServer } from './support/server';
import { staffLogin } from './support/staff';
import { buildWorkspaceScene, type WorkspaceScene } from './support/workspace-scene';

// A file of its own beside accessibility.spec.ts: the longest tours, on their own server, so that
// the two e2e workers share them out instead of one file holding the run's end.
/**
 * The order workspace and the staff section, with something on every tab (files of each group,
 * a rework answered, a care question answered) and a phone width where the layout changes.
 */
describe('axe on the order workspace and the staff screens', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let scene: WorkspaceScene;
  beforeAll(async () => {
    // Its own server: the scene changes the demo customer's order at work.
    server = await startServer();
    scene = await buildWorkspaceScene(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    async function themedPage() {
      const opened = await newPage(browser(), server.url, { viewport: DESKTOP });
      await opened.page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
      return opened;
    }

    it('finds no violation on the workspace tabs and the thread of a rework and a care request', async () => {
      const { page, context, errors } = await themedPage();
      await login(page, DEMO_CUSTOMER);
      await page.waitForURL('**/home/active');
      const screens = workspaceScreens(scene);
      const found: string[] = [];
      for (const screen of screens) found.push(...(await scan(page, screen, 'desktop')));
      const [, files, reworks] = screens;
      await page.setViewportSize(PHONE);
      found.push(...(await scan(page, files!, 'phone')));
      await shoot(page, 'workspace-files', theme);
      found.push(...(await scan(page, reworks!, 'phone')));
      await shoot(page, 'workspace-reworks', theme);
      if (SHOTS_DIR) {
        await page.setViewportSize(DESKTOP);
        await scan(page, files!, 'desktop');
        await shoot(page, 'workspace-files', theme);
        await scan(page, reworks!, 'desktop');
        await shoot(page, 'workspace-reworks', theme);
      }
      if (found.length) console.log(found.join('\n'));
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);

    it('finds no violation on the staff sign-in, queue, order and care queue', async () => {
      const { page, context, errors } = await themedPage();
      const found = await scan(
        page,
        { path: '/staff/login', ready: { role: 'heading', name: 'Вход для сотрудников' } },
        'desktop',
      );
      await shoot(page, 'staff-login', theme);
      await staffLogin(page, MANAGER);
      const screens = staffScreens(scene.orderId);
      for (const screen of screens) found.push(...(await scan(page, screen, 'desktop')));
      const [queue, order] = screens;
      await page.setViewportSize(PHONE);
      found.push(...(await scan(page, queue!, 'phone')));
      await shoot(page, 'staff-queue', theme);
      found.push(...(await scan(page, order!, 'phone')));
      await shoot(page, 'staff-order', theme);
      if (SHOTS_DIR) {
        await page.setViewportSize(DESKTOP);
        await scan(page, queue!, 'desktop');
        await shoot(page, 'staff-queue', theme);
        await scan(page, order!, 'desktop');
        await shoot(page, 'staff-order', theme);
      }
      if (found.length) console.log(found.join('\n'));
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  });
});
