import { JSON_OPTION, type Command } from "../command";
import { otherClientWarnings } from "../../clients";
import { compileFile, printProblems, printWarnings } from "../policyFile";

export const check: Command = {
  name: "check",
  summary: "validate and compile a policy offline; every problem with its path",
  usage: ["check <policy.json|->"],
  args: { min: 1, max: 1 },
  options: { ...JSON_OPTION },
  details: ["Problems are listed in document order; warnings (prefixed `warning`) do not fail the check. Exit 1 when there are problems."],
  async run({ io, values, positionals }) {
    const path = positionals[0]!;
    const c = compileFile(io, path);
    // What the other clients (Codex) cannot honour, as publishing says it too.
    const warnings = c.ok ? [...c.compiled.warnings, ...otherClientWarnings(c.compiled.document)] : [];
    if (values.json) {
      const summary = c.ok
        ? { file: path, ok: true, handlers: c.compiled.handlerCount, events: Object.keys(c.compiled.events), problems: [], warnings }
        : { file: path, ok: false, problems: c.problems, warnings: [] };
      io.out(JSON.stringify(summary, null, 2));
      return c.ok ? 0 : 1;
    }
    if (!c.ok) {
      printProblems(io, path, c.problems);
      return 1;
    }
    printWarnings(io, warnings);
    io.out(`${path}: ok — ${c.compiled.handlerCount} handler(s) on ${Object.keys(c.compiled.events).join(", ") || "no events"}`);
    return 0;
  },
};
