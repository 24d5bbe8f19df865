// `npm run lint` runs this after Biome: the modules' front doors and the direction of their imports
// (docs/modules.md).
// - A server module (apps/server/src/modules/<name>/) is used from outside only through its
//   index.ts: no other module, plugin or script of the server imports its queries, services or
//   routes directly. app.ts, which assembles the app, is the one exception: it mounts the routes.
// - A web feature (apps/web/src/features/<name>/) never imports another feature: the app layer
//   (apps/web/src/app/) puts them together.
// - No new import between server modules closes a circle: those that still do are listed below,
//   and the list may only shrink.
// Tests are left out: a test may reach into what it tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');
const webSrc = path.join(root, 'apps/web/src');
const featuresDir = path.join(webSrc, 'features');

const failures = [];

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-support\.ts$|\.d\.ts$/.test(entry.name))
      files.push(full);
  }
  return files;
}

/** The import specifiers of a file: `from '…'`, `import '…'` and `import('…')`. */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]);
}

/** The folder of `dir` a path lies in (`modules/<name>`), or undefined. */
function ownerIn(dir, file) {
  const relative = path.relative(dir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 || !/\.[a-z]+$/.test(first ?? '') ? first : undefined;
}

// The server.
const edges = new Map();
for (const file of sourceFiles(serverSrc)) {
  const from = ownerIn(modulesDir, file);
  for (const specifier of importsOf(file)) {
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const to = ownerIn(modulesDir, target);
    if (!to || to === from) continue;
    const door = path.join(modulesDir, to);
    const throughDoor =
      target === door || target === path.join(door, 'index') || target === path.join(door, 'index.ts');
    if (!throughDoor && file !== path.join(serverSrc, 'app.ts'))
      failures.push(
        `${path.relative(root, file)} imports '${specifier}': use the ${to} module's front door ('…/modules/${to}', its index.ts)`,
      );
    if (from) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
}

// The web features.
for (const file of sourceFiles(featuresDir)) {
  const from = ownerIn(featuresDir, file);
  for (const specifier of importsOf(file)) {
    const target = specifier.startsWith('@/')
      ? path.join(webSrc, specifier.slice(2))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    const to = target && ownerIn(featuresDir, target);
    if (to && to !== from)
      failures.push(
        `${path.relative(root, file)} imports '${specifier}': features do not import one another (compose them in apps/web/src/app/)`,
      );
  }
}

// Circles: the strongly connected groups of the modules' import graph (Tarjan); an import inside
// one group closes a circle.
const groupOf = new Map();
{
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        groupOf.set(member, node);
      } while (member !== node);
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
}
const circular = [];
for (const [from, targets] of edges)
  for (const to of targets) if (groupOf.get(from) === groupOf.get(to)) circular.push(`${from} -> ${to}`);
if (process.env.LIST_CIRCULAR) console.log(circular.sort().join('\n'));
// The imports between modules form no circle: a module importing one that, directly or round
// about, imports it back fails. An effect that must flow back is a domain event instead.
for (const edge of circular)
  failures.push(
    `modules ${edge}: this import closes a circle between modules (raise a domain event instead)`,
  );

if (failures.length > 0) {
  console.error(`Module boundaries:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Module boundaries: every import goes through a front door; ${circular.length} imports between server modules still close a circle (none new).`,
);
