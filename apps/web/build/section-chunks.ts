import { dirname, resolve } from 'node:path';

/**
 * The chunks of the signed-in sections (ADR 031). Left to itself the bundler splits what lazy modules
 * share into one chunk per combination of them: a customer's /home/active loaded 75 scripts, each a
 * request and a round trip on a slow line, and each preload a DOM insertion on the phone's main
 * thread. Here a module goes into the chunk of the deepest section that is loaded whenever the module
 * is: every lazy module that imports it (statically, directly or not) is loaded only inside that
 * section. A section's root imports its whole chunk anyway, so what a screen downloads grows only by
 * what its section's other screens share.
 *
 * Left to the bundler: the entry's code (the `index` group comes first) and everything a visitor's
 * screen imports (sign-in, registration, documents, the payment result, the error pages), so that a
 * visitor never downloads a section's chunk; and what a lazy module outside every section imports.
 */
export interface Section {
  /** The chunk's name. */
  name: string;
  /** The module whose static imports make the section, relative to apps/web. */
  root: string;
  /** The section whose chunk is always loaded before this one (its route's parent layout). */
  parent?: string;
  /** The other lazy modules that are loaded only inside this section (its screens and the like). */
  screens?: RegExp;
}

export const SECTIONS: readonly Section[] = [
  {
    name: 'cabinet',
    root: 'src/app/layouts/cabinet-layout.tsx',
    // The customer's screens, and what start-up and the route guards load only with a session.
    screens:
      /\/src\/(features\/(orders|order-form|order-workspace|order-chat|payments|profile|referrals|certificates|content)\/|shared\/(title-page\/|query-client\.ts$))/,
  },
  { name: 'orders-list', root: 'src/features/orders/routes/orders-list-page.tsx', parent: 'cabinet' },
  {
    name: 'order-workspace',
    root: 'src/features/order-workspace/routes/workspace-layout.tsx',
    parent: 'cabinet',
    screens: /\/src\/features\/order-workspace\/routes\//,
  },
  { name: 'order-chat', root: 'src/features/order-chat/routes/chat-tab.tsx', parent: 'order-workspace' },
  {
    name: 'staff',
    root: 'src/features/staff-auth/routes/staff-layout.tsx',
    // The staff's screens, and the order page as the app puts the order chat into it.
    screens: /\/src\/(features\/staff-|app\/staff-order-screen\.tsx$)/,
  },
];

/** What only the staff's and the customer's sections load, both of them (the chat's view, say). */
export const SHARED_SECTION = 'signed-in';

/** The files that hold the route tables: what they import lazily are the screens. */
const ROUTE_TABLES = ['src/app/router.tsx', 'src/app/staff-routes.tsx'];
const ENTRY = 'src/main.tsx';

/** The lazy screens a visitor without a session opens (and the layouts and pages around them). */
export const VISITOR_SCREEN =
  /\/src\/(features\/(auth|documents)\/|app\/(error-routes|layouts\/document-layout)|features\/payments\/routes\/payment-result-page|features\/staff-auth\/routes\/staff-login-page|features\/certificates\/routes\/terms-page)/;

export interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    dynamicImporters: readonly string[];
    /** The module's code after the transforms (the bundler's), when known. */
    code?: string | null;
  } | null;
}

/** `import { a, b as c } from 'x'` and `export { a } from 'x'`: the names taken, per specifier. */
const NAMED_FROM = /\b(?:import|export)\s*(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** Any other way of reading a specifier (default, namespace, `export *`, a bare import). */
const OTHER_FROM =
  /\b(?:import\s+[\w$]+\s*(?:,\s*\{[^}]*\})?\s+from|import\s*\*\s*as\s+[\w$]+\s+from|export\s*\*(?:\s*as\s+[\w$]+)?\s+from|import)\s*["']([^"']+)["']/g;
/** A package's index that only passes on what its files export (Mantine's, say). */
const REEXPORT_ONLY =
  /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n|import\s*\{[^}]*\}\s*from\s*["'][^"']+["']\s*;?|export\s*\{[^}]*\}(?:\s*from\s*["'][^"']+["'])?\s*;?)*$/;

/** `a`, `b as c` → [taken, named here] pairs. */
function names(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [taken, as] = part.split(/\s+as\s+/);
      return [taken ?? part, as ?? taken ?? part];
    });
}

/** The package a bare specifier names (`@mantine/core` of `@mantine/core/styles.css`), or null. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/**
 * What a module needs of the modules it imports, seen through package indexes that only re-export
 * (a barrel: `@mantine/core`'s index names every component). Without this, a screen that imports
 * `Button` from `@mantine/core` would count as loading every Mantine component, and the entry's
 * closure would hold all of them: which section needs Mantine's Modal could not be told.
 */
class Imports {
  private readonly exportsOf = new Map<string, Map<string, string> | null>();
  constructor(private readonly graph: ModuleGraph) {}

  /** The modules `id` needs: its imports, with a barrel replaced by the files of the names taken. */
  of(id: string, importedIds: readonly string[], code: string | null | undefined): string[] {
    const barrels = importedIds.filter((target) => this.barrelExports(target));
    if (barrels.length === 0 || !code) return [...importedIds];
    const taken = new Map<string, Set<string> | 'all'>();
    for (const match of code.matchAll(NAMED_FROM)) {
      const pkg = packageOf(match[2] ?? '');
      if (!pkg) continue;
      const set = taken.get(pkg) ?? new Set<string>();
      if (set !== 'all') for (const [name] of names(match[1] ?? '')) set.add(name);
      taken.set(pkg, set);
    }
    for (const match of code.matchAll(OTHER_FROM)) {
      const pkg = packageOf(match[1] ?? '');
      if (pkg) taken.set(pkg, 'all');
    }
    const out = importedIds.filter((target) => !barrels.includes(target));
    for (const barrel of barrels) {
      const pkg = [...taken.keys()].find((name) => barrel.includes(`/node_modules/${name}/`));
      const wanted = pkg ? taken.get(pkg) : undefined;
      const exports = this.barrelExports(barrel);
      if (!wanted || wanted === 'all' || !exports) {
        out.push(barrel);
        continue;
      }
      for (const name of wanted) {
        const file = exports.get(name);
        // A name the index does not list: keep the whole index, as the bundler would see it.
        if (!file) {
          out.push(barrel);
          break;
        }
        out.push(file);
      }
    }
    return out;
  }

  /** Exported name → the file that defines it, for a re-export-only module of a package. */
  private barrelExports(id: string): Map<string, string> | null {
    if (this.exportsOf.has(id)) return this.exportsOf.get(id) ?? null;
    this.exportsOf.set(id, null);
    const info = this.graph.getModuleInfo(id);
    const code = info?.code;
    if (!info || !code || !id.includes('/node_modules/') || !REEXPORT_ONLY.test(code)) return null;
    const local = new Map<string, string>();
    const exports = new Map<string, string>();
    const fileOf = (specifier: string) => {
      const pkg = packageOf(specifier);
      const target = pkg ? `/node_modules/${pkg}/` : resolve(dirname(id), specifier);
      return (
        info.importedIds.find((imported) => (pkg ? imported.includes(target) : imported === target)) ?? null
      );
    };
    for (const match of code.matchAll(NAMED_FROM)) {
      const file = fileOf(match[2] ?? '');
      if (!file) return null;
      const isExport = match[0].trimStart().startsWith('export');
      for (const [taken, as] of names(match[1] ?? '')) {
        // A name re-exported from another index stays with that index's own file.
        const inner = this.barrelExports(file)?.get(taken) ?? file;
        (isExport ? exports : local).set(as, inner);
      }
    }
    for (const match of code.matchAll(/\bexport\s*\{([^}]*)\}(?!\s*from)/g)) {
      for (const [taken, as] of names(match[1] ?? '')) {
        const file = local.get(taken);
        if (file) exports.set(as, file);
      }
    }
    this.exportsOf.set(id, exports);
    return exports;
  }
}

/** Every module `from` imports statically, itself included. */
function staticClosure(
  graph: ModuleGraph,
  from: readonly string[],
  imports = new Imports(graph),
): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...imports.of(id, info.importedIds, info.code));
  }
  return seen;
}

/** Every module the entry can load, statically or lazily, and of those the lazily imported ones. */
function lazyModules(graph: ModuleGraph, entry: string): Set<string> {
  const seen = new Set<string>();
  const lazy = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds, ...info.dynamicallyImportedIds);
    for (const target of info.dynamicallyImportedIds) lazy.add(target);
  }
  return lazy;
}

/** The section and its parents, nearest first. */
function lineage(sections: readonly Section[], name: string): Section[] {
  const line: Section[] = [];
  for (let at = sections.find((s) => s.name === name); at; at = sections.find((s) => s.name === at?.parent))
    line.push(at);
  return line;
}

/** Module id → section chunk, for the modules that belong to one. */
export function sectionOwners(graph: ModuleGraph, webRoot: string, sections = SECTIONS): Map<string, string> {
  const abs = (path: string) => resolve(webRoot, path);
  const screens = ROUTE_TABLES.flatMap(
    (table) => graph.getModuleInfo(abs(table))?.dynamicallyImportedIds ?? [],
  );
  const visitor = (id: string) => VISITOR_SCREEN.test(id);
  const imports = new Imports(graph);
  const shared = staticClosure(graph, [abs(ENTRY), ...screens.filter(visitor)], imports);
  const closures = new Map<string, Set<string>>();
  const closureOf = (id: string) => {
    let known = closures.get(id);
    if (!known) closures.set(id, (known = staticClosure(graph, [id], imports)));
    return known;
  };
  for (const section of sections) {
    // A moved or renamed root would leave its section to the bundler's splitting without a word.
    if (!graph.getModuleInfo(abs(section.root)))
      throw new Error(`section ${section.name}: no module ${section.root}`);
  }

  /** Whether the lazy module `id` is loaded only inside `section` (or a section within it). */
  const within = (section: Section, id: string): boolean => {
    if (visitor(id)) return false;
    if (id === abs(section.root) || section.screens?.test(id)) return true;
    if (sections.some((child) => child.parent === section.name && within(child, id))) return true;
    // A lazy import made only from the section's own code (a dialog loaded when it opens).
    const importers = graph.getModuleInfo(id)?.dynamicImporters ?? [];
    const own = closureOf(abs(section.root));
    return importers.length > 0 && importers.every((importer) => own.has(importer) && !shared.has(importer));
  };

  /** Module → the lazy modules that import it, directly or not. */
  const loaders = new Map<string, string[]>();
  const lazy = lazyModules(graph, abs(ENTRY));
  for (const section of sections) lazy.add(abs(section.root));
  for (const root of lazy) {
    for (const id of closureOf(root)) {
      if (shared.has(id)) continue;
      const list = loaders.get(id);
      if (list) list.push(root);
      else loaders.set(id, [root]);
    }
  }

  const depth = (section: Section) => lineage(sections, section.name).length;
  const deepestFirst = [...sections].sort((a, b) => depth(b) - depth(a));
  /** The roots of the section and of the sections within it: what its chunk is loaded for. */
  const rootsOf = (section: Section) =>
    new Set(sections.filter((s) => lineage(sections, s.name).includes(section)).map((s) => abs(s.root)));
  const sectionRoots = new Map(sections.map((section) => [section, rootsOf(section)]));
  const owners = new Map<string, string>();
  for (const [id, roots] of loaders) {
    // Only what a section's root (or a section within it) imports: a module that only screens of
    // no section of their own share stays in their chunks, not in every screen's download.
    const owner = deepestFirst.find(
      (section) =>
        roots.some((root) => sectionRoots.get(section)?.has(root)) &&
        roots.every((root) => within(section, root)),
    );
    if (owner) owners.set(id, owner.name);
    else if (
      roots.some((root) => sections.some((section) => abs(section.root) === root)) &&
      roots.every((root) => sections.some((section) => within(section, root)))
    )
      owners.set(id, SHARED_SECTION);
  }
  return owners;
}

/** For `codeSplitting.groups[].name`: the section chunk of a module, or null (the bundler decides). */
export function sectionChunkName(webRoot: string) {
  let owners: Map<string, string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    owners ??= sectionOwners(graph, webRoot);
    return owners.get(id) ?? null;
  };
}
