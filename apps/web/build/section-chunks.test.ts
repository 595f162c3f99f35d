import { describe, expect, it } from 'vitest';
import {
  SECTIONS,
  SHARED_SECTION,
  sectionOwners,
  VISITOR_SCREEN,
  type ModuleGraph,
  type Section,
} from './section-chunks';

const ROOT = '/app';
const at = (path: string) => `${ROOT}/${path}`;

/** A module graph as the bundler's context gives it: static and lazy imports per module. */
function graph(edges: Record<string, { imports?: string[]; lazy?: string[]; code?: string }>): ModuleGraph {
  return {
    getModuleInfo(id: string) {
      const path = id.slice(ROOT.length + 1);
      const node = edges[path];
      if (!node) return null;
      const dynamicImporters = Object.entries(edges)
        .filter(([, other]) => other.lazy?.includes(path))
        .map(([importer]) => at(importer));
      return {
        importedIds: (node.imports ?? []).map(at),
        dynamicallyImportedIds: (node.lazy ?? []).map(at),
        dynamicImporters,
        code: node.code,
      };
    },
  };
}

const sections: Section[] = [
  { name: 'cabinet', root: 'cabinet-layout.tsx', screens: /\/customer\// },
  { name: 'list', root: 'list-page.tsx', parent: 'cabinet' },
  { name: 'workspace', root: 'workspace.tsx', parent: 'cabinet' },
  { name: 'chat', root: 'chat.tsx', parent: 'workspace' },
  { name: 'staff', root: 'staff-layout.tsx', screens: /\/staff\// },
];

const app = graph({
  'src/main.tsx': { imports: ['react.js', 'src/app/router.tsx'], lazy: ['hints.js'] },
  'src/app/router.tsx': {
    imports: ['react.js', 'src/app/staff-routes.tsx'],
    lazy: [
      'cabinet-layout.tsx',
      'list-page.tsx',
      'workspace.tsx',
      'chat.tsx',
      'customer/bonus-page.tsx',
      'customer/friend-page.tsx',
      'src/features/auth/routes/registration-page.tsx',
    ],
  },
  'src/app/staff-routes.tsx': { lazy: ['staff-layout.tsx', 'staff/queue-page.tsx'] },
  'src/features/auth/routes/registration-page.tsx': { imports: ['zod.js'] },
  'hints.js': { imports: ['tooltip.js'] },
  'cabinet-layout.tsx': {
    imports: ['react.js', 'menu.js', 'zod.js', 'query.js', 'icon.js'],
    lazy: ['faq-dialog.js'],
  },
  'faq-dialog.js': { imports: ['accordion.js', 'icon.js'] },
  'customer/bonus-page.tsx': { imports: ['linkify.js', 'card.js', 'points.js'] },
  'customer/friend-page.tsx': { imports: ['points.js'] },
  'staff/queue-page.tsx': { imports: ['table.js', 'tooltip.js', 'staff-only.js'] },
  'list-page.tsx': { imports: ['card.js', 'badge.js'] },
  'workspace.tsx': { imports: ['badge.js', 'timeline.js'] },
  'chat.tsx': { imports: ['timeline.js', 'linkify.js', 'link-preview.js', 'chat-view.js'] },
  'staff-layout.tsx': { imports: ['query.js', 'chat-view.js', 'staff-only.js'] },
  ...Object.fromEntries(
    [
      'react.js',
      'menu.js',
      'zod.js',
      'query.js',
      'card.js',
      'badge.js',
      'timeline.js',
      'linkify.js',
      'link-preview.js',
      'chat-view.js',
      'staff-only.js',
      'table.js',
      'tooltip.js',
      'accordion.js',
      'points.js',
      'icon.js',
    ].map((leaf) => [leaf, {}]),
  ),
});

describe('section chunks', () => {
  const owners = sectionOwners(app, ROOT, sections);
  const owner = (path: string) => owners.get(at(path));

  it('puts what one section alone imports into that section', () => {
    expect(owner('cabinet-layout.tsx')).toBe('cabinet');
    expect(owner('menu.js')).toBe('cabinet');
    expect(owner('link-preview.js')).toBe('chat');
    expect(owner('staff-only.js')).toBe('staff');
  });

  it('keeps out of a section what a screen outside it also imports', () => {
    // The bonus page, a customer's screen of no section of its own, shares them with the list and
    // the chat: it would download their chunks for them.
    expect(owner('card.js')).toBe('cabinet');
    expect(owner('linkify.js')).toBe('cabinet');
  });

  it("keeps a section's lazy parts out of its chunk, and what they share with it in", () => {
    // The dialog waits until it is opened; the icon it shares with the layout is in the layout's chunk.
    expect(owner('faq-dialog.js')).toBeUndefined();
    expect(owner('accordion.js')).toBeUndefined();
    expect(owner('icon.js')).toBe('cabinet');
    // The same for a screen of the section without a chunk of its own.
    expect(owner('table.js')).toBeUndefined();
    expect(owner('staff-only.js')).toBe('staff');
  });

  it('leaves to the bundler what only screens of no section of their own import', () => {
    expect(owner('customer/bonus-page.tsx')).toBeUndefined();
    expect(owner('points.js')).toBeUndefined();
  });

  it('leaves to the bundler what a lazy module of the entry imports', () => {
    expect(owner('tooltip.js')).toBeUndefined();
    expect(owner('hints.js')).toBeUndefined();
  });

  it('puts what two sections share into their nearest common parent', () => {
    // The list and the workspace are siblings under the cabinet.
    expect(owner('badge.js')).toBe('cabinet');
    // The chat is opened inside the workspace, which is always loaded before it.
    expect(owner('timeline.js')).toBe('workspace');
  });

  it("puts what the staff's and the customer's sections share into one chunk of its own", () => {
    expect(owner('query.js')).toBe(SHARED_SECTION);
    expect(owner('chat-view.js')).toBe(SHARED_SECTION);
  });

  it("leaves the entry's code and what a visitor's screen imports to the bundler", () => {
    expect(owner('react.js')).toBeUndefined();
    expect(owner('zod.js')).toBeUndefined();
  });

  it('refuses a section whose root is not in the build', () => {
    expect(() => sectionOwners(app, ROOT, [{ name: 'gone', root: 'renamed.tsx' }])).toThrow(
      /gone.*renamed\.tsx/,
    );
  });

  it("names the app's visitor screens and finds every section's root", () => {
    for (const path of [
      '/w/apps/web/src/features/auth/routes/registration-page.tsx',
      '/w/apps/web/src/features/documents/routes/privacy-policy-page.tsx',
      '/w/apps/web/src/app/error-routes.tsx',
      '/w/apps/web/src/features/payments/routes/payment-result-page.tsx',
    ])
      expect(path).toMatch(VISITOR_SCREEN);
    expect('/w/apps/web/src/features/orders/routes/orders-list-page.tsx').not.toMatch(VISITOR_SCREEN);
    for (const section of SECTIONS) {
      if (section.parent) expect(SECTIONS.map((s) => s.name)).toContain(section.parent);
    }
  });

  describe("through a package's index that only re-exports", () => {
    // As Mantine's: `@mantine/core`'s index names every component, and every screen imports it.
    const ui = 'node_modules/ui/index.mjs';
    const withIndex = (cabinetCode: string) =>
      graph({
        'src/main.tsx': { imports: [ui, 'src/app/router.tsx'], code: 'import { Button } from "ui";' },
        'src/app/router.tsx': { lazy: ['cabinet-layout.tsx', 'customer/bonus-page.tsx'] },
        'src/app/staff-routes.tsx': {},
        'cabinet-layout.tsx': { imports: [ui], code: cabinetCode },
        'customer/bonus-page.tsx': { imports: [ui], code: 'import { Popover as P } from "ui";' },
        [ui]: {
          imports: ['node_modules/ui/button.mjs', 'node_modules/ui/modal.mjs', 'node_modules/ui/popover.mjs'],
          code: [
            '/* the index */',
            'import { Button } from "./button.mjs";',
            'import { Modal as M } from "./modal.mjs";',
            'import { Popover } from "./popover.mjs";',
            'export { Button, M as Modal, Popover };',
          ].join('\n'),
        },
        'node_modules/ui/button.mjs': { code: 'export function Button() {}' },
        'node_modules/ui/modal.mjs': { code: 'export function Modal() {}' },
        'node_modules/ui/popover.mjs': { code: 'export function Popover() {}' },
      });
    const cabinetOnly: Section[] = [{ name: 'cabinet', root: 'cabinet-layout.tsx', screens: /\/customer\// }];

    it('counts only the files of the names a module takes', () => {
      const owners = sectionOwners(withIndex('import { Button, Modal } from "ui";'), ROOT, cabinetOnly);
      // The entry takes the button alone; the dialog is the cabinet's, the popover its screen's.
      expect(owners.get(at('node_modules/ui/button.mjs'))).toBeUndefined();
      expect(owners.get(at('node_modules/ui/modal.mjs'))).toBe('cabinet');
      expect(owners.get(at('node_modules/ui/popover.mjs'))).toBeUndefined();
    });

    it('counts every file of the index for a module that takes it whole', () => {
      const owners = sectionOwners(withIndex('import * as ui from "ui";'), ROOT, cabinetOnly);
      expect(owners.get(at('node_modules/ui/modal.mjs'))).toBe('cabinet');
      expect(owners.get(at('node_modules/ui/popover.mjs'))).toBe('cabinet');
      expect(owners.get(at('node_modules/ui/button.mjs'))).toBeUndefined();
    });
  });
});
