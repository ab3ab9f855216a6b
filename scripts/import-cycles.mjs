#!/usr/bin/env node
/**
 * Import cycles in a source tree: reads every .ts and .tsx file below a folder, takes its relative `import … from` and
 * `export … from` specifiers (type-only imports too: a cycle of types is still a knot in the layout), and lists the
 * strongly connected components of the graph that hold more than one module (or a module importing itself).
 *
 *   node scripts/import-cycles.mjs [src]          prints each cycle's modules; exits 1 when there is one
 *   node scripts/import-cycles.mjs --stats [src]  also prints the modules, edges and the longest import chain
 *
 * test/layout/importCycles.node.test.ts runs it over src/, so a new cycle fails the tests.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Every .ts file below `root`, by absolute path. */
function sourceFiles(root) {
  const out = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if ((name.endsWith(".ts") || name.endsWith(".tsx")) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The module a relative specifier names, or undefined for a package or a file outside the tree. */
function resolveSpecifier(from, specifier, files) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\.(m?js|ts)$/, ""));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) if (files.has(candidate)) return candidate;
  return undefined;
}

/** The import graph of the .ts files below `root`: module → the modules it imports. */
export function importGraph(root) {
  const files = new Set(sourceFiles(resolve(root)));
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
    const targets = new Set();
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, m[1] ?? m[2] ?? m[3], files);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with a cycle (Tarjan), each as a sorted list of modules. */
export function importCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

/** The longest chain of imports (levels of the graph), counted in modules; meaningful only without cycles. */
export function depth(graph) {
  const memo = new Map();
  const level = (v, seen) => {
    if (memo.has(v)) return memo.get(v);
    if (seen.has(v)) return 0;
    seen.add(v);
    let best = 0;
    for (const w of graph.get(v) ?? []) best = Math.max(best, level(w, seen));
    seen.delete(v);
    memo.set(v, best + 1);
    return best + 1;
  };
  let best = 0;
  for (const v of graph.keys()) best = Math.max(best, level(v, new Set()));
  return best;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const stats = args.includes("--stats");
  const root = args.find((a) => !a.startsWith("--")) ?? "src";
  if (!existsSync(root)) {
    console.error(`no such folder: ${root}`);
    process.exit(2);
  }
  const graph = importGraph(root);
  const cycles = importCycles(graph);
  const name = (f) => relative(process.cwd(), f);
  if (stats) {
    const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
    console.log(`modules ${graph.size}, imports ${edges}, longest chain ${depth(graph)} modules`);
  }
  console.log(`${cycles.length} import cycle(s) in ${root}${cycles.length ? ":" : ""}`);
  for (const c of cycles) console.log(`  ${c.length} modules: ${c.map(name).join(" ")}`);
  process.exit(cycles.length ? 1 : 0);
}
