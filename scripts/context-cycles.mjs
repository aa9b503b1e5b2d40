/**
 * No cycle between the backend's bounded contexts (issue 29; docs/architecture.md, "Contexts and their layers").
 * dependency-cruiser checks cycles between files; this checks them between contexts: every import of shipped code
 * from one folder of backend/src into another is an arrow between those two contexts, and the arrows must form no
 * cycle, direct (identity -> communications -> identity) or longer (origination -> communications -> lending ->
 * origination). A cycle is printed with an import that makes each of its arrows; exit status 1. Without one, the
 * contexts are printed in their layers, lowest first.
 *
 * The composition root (app/ and the entry points beside it) assembles every context and is left out, as are tests
 * (specs, helpers and fixtures beside the code), which may reach into any context to set up a scenario.
 *
 * Usage: node scripts/context-cycles.mjs [file or folder ...]   (default backend/src; run from the repository root)
 */
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const SOURCE = /^backend\/src\/([^/]+)\//;
const COMPOSITION_ROOT = new Set(['app']);
const TEST_FILE = /[.](spec|int-spec|helper|fixture)[.]ts$/;

const contextOf = (file) => {
  const name = SOURCE.exec(file)?.[1];
  return name && !COMPOSITION_ROOT.has(name) ? name : undefined;
};

/** The arrows between contexts, each with the imports that make it: Map<from, Map<to, string[]>>. */
async function contextArrows(paths) {
  // The same resolution as `npm run lint:architecture` (type-only imports count), without its rules.
  const { ruleSet: _rules, ...options } = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(paths, { ...options, validate: false, outputType: 'json' });
  const { modules } = typeof output === 'string' ? JSON.parse(output) : output;
  const arrows = new Map();
  for (const module of modules) {
    const from = contextOf(module.source);
    if (!from || TEST_FILE.test(module.source)) continue;
    if (!arrows.has(from)) arrows.set(from, new Map());
    for (const dependency of module.dependencies) {
      const to = contextOf(dependency.resolved);
      if (!to || to === from) continue;
      const imports = arrows.get(from).get(to) ?? [];
      imports.push(`${module.source} -> ${dependency.resolved}`);
      arrows.get(from).set(to, imports);
    }
  }
  return arrows;
}

/** Strongly connected components (Tarjan): a component of more than one context holds a cycle. */
function components(nodes, next) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!indexOf.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), indexOf.get(to)));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      for (let member; member !== node;) {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      }
      found.push(component);
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) visit(node);
  return found;
}

/** A shortest cycle through `start` inside its component (breadth first), as the list of contexts it passes. */
function cycleThrough(start, members, next) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of next(node)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        for (let at = cameFrom.get(node); at !== undefined; at = cameFrom.get(at)) path.unshift(at);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** The contexts in layers, lowest first: each layer depends only on the layers before it. */
function layers(nodes, next) {
  const placed = new Map();
  const layerOf = (node) => {
    if (!placed.has(node)) placed.set(node, Math.max(-1, ...[...next(node)].map(layerOf)) + 1);
    return placed.get(node);
  };
  const byLayer = [];
  for (const node of nodes) (byLayer[layerOf(node)] ??= []).push(node);
  return byLayer.map((layer) => layer.sort());
}

const paths = process.argv.slice(2);
const arrows = await contextArrows(paths.length > 0 ? paths : ['backend/src']);
const nodes = [...new Set([...arrows.keys(), ...[...arrows.values()].flatMap((to) => [...to.keys()])])].sort();
const next = (node) => [...(arrows.get(node)?.keys() ?? [])].sort();
/** A cycle written from its first context in alphabetical order, so that the same cycle found twice prints once. */
const rotated = (cycle) => {
  const ring = cycle.slice(0, -1);
  const first = ring.indexOf([...ring].sort()[0]);
  const start = [...ring.slice(first), ...ring.slice(0, first)];
  return [...start, start[0]];
};
// Within a component every context lies on some cycle: the shortest through each of them names every tangle.
const cycles = [
  ...new Map(
    components(nodes, next)
      .filter((component) => component.length > 1)
      .flatMap((component) => component.map((context) => rotated(cycleThrough(context, new Set(component), next))))
      .map((cycle) => [cycle.join(' -> '), cycle]),
  ).values(),
].sort((a, b) => a.join().localeCompare(b.join()));

if (cycles.length === 0) {
  const count = [...arrows.values()].reduce((sum, to) => sum + to.size, 0);
  console.log(
    `No cycle between contexts (${count} arrows). Layers, lowest first: ${layers(nodes, next)
      .map((layer) => layer.join(', '))
      .join(' < ')}`,
  );
} else {
  for (const cycle of cycles) {
    console.error(`error context-cycle: ${cycle.join(' -> ')}`);
    for (let i = 0; i + 1 < cycle.length; i += 1) {
      const imports = arrows.get(cycle[i]).get(cycle[i + 1]);
      console.error(`  ${cycle[i]} -> ${cycle[i + 1]}: ${imports[0]}${imports.length > 1 ? ` (and ${imports.length - 1} more)` : ''}`);
    }
  }
  console.error(
    `\nx ${cycles.length} cycle(s) between contexts. Make every arrow point one way: invert one with a port owned by the lower ` +
      'context (in its public/, implemented above it), or move the shared piece down into platform/.',
  );
  process.exitCode = 1;
}
