import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Every .ts file under a folder (tests, declarations and node_modules excluded). */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/**
 * The relative imports of each file, type-only ones included: a type import is a dependency of
 * the design even when the compiler erases it. Paths are relative to `base`.
 */
export function importGraph(files: readonly string[], base: string): Map<string, string[]> {
  const inside = new Set(files.map((file) => resolve(file)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((ref) => ref.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name))
      .filter((target) => inside.has(target))
      .map((target) => relative(base, target));
    graph.set(relative(base, file), [...new Set(targets)]);
  }
  return graph;
}

/** Groups nodes into units (a file's folder, say) and keeps the edges between different units. */
export function collapse(graph: ReadonlyMap<string, readonly string[]>, unitOf: (node: string) => string): Map<string, string[]> {
  const units = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const edges = units.get(unitOf(from)) ?? new Set<string>();
    for (const to of targets) if (unitOf(to) !== unitOf(from)) edges.add(unitOf(to));
    units.set(unitOf(from), edges);
  }
  return new Map([...units].map(([unit, edges]) => [unit, [...edges].sort()]));
}

/** The strongly connected components with more than one node (Tarjan): each is an import cycle. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}
