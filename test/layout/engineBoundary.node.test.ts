// The engine is pure and ends at the aggregate (the team brief): no module of src/engine/ imports, through any
// chain, a module outside it — no client profile (src/clients/), no Gate or service, no edge handler (handlers/).
// What a client reads and writes reaches the engine only as the ClientModel it is handed (its protocol). And each
// edge handler (handlers/<client>/<event>.ts, one lifecycle event's hook contract) imports shared modules only,
// never another handler: only a client's index collects them.
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { importGraph } from "../../scripts/import-cycles.mjs";

type Graph = Map<string, Set<string>>;

describe("the engine's boundary", () => {
  it("src/engine/ reaches no module outside itself", () => {
    const graph = importGraph("src") as Graph;
    const outside: string[] = [];
    let engineFiles = 0;
    for (const [file, targets] of graph) {
      const from = relative("src", file);
      if (!from.startsWith("engine/")) continue;
      engineFiles++;
      for (const t of targets) {
        const to = relative("src", t);
        if (!to.startsWith("engine/")) outside.push(`${from} → ${to}`);
      }
    }
    expect(engineFiles).toBeGreaterThan(50); // the graph was read (not an empty walk)
    expect(outside).toEqual([]);
  });

  it("a handler imports no other handler; each client's handlers are collected by its index alone", () => {
    const graph = importGraph("handlers") as Graph;
    const crossing: string[] = [];
    let handlers = 0;
    for (const [file, targets] of graph) {
      const from = relative("handlers", file);
      if (from.endsWith("/index.ts")) continue;
      handlers++;
      for (const t of targets) crossing.push(`${from} → ${relative("handlers", t)}`);
    }
    expect(handlers).toBeGreaterThanOrEqual(34); // Claude Code's 34 events, one module each
    expect(crossing).toEqual([]);
  });
});
