import { cwd } from "node:process";
import { TestUsageError, runTests } from "../../policyTest/command";
import { JSON_OPTION, type Command } from "../command";
import { UsageError } from "../errors";
import type { CompiledPolicy } from "../../engine/policy/compilePolicy";
import { compileOrReport } from "../policyFile";

export const test: Command = {
  name: "test",
  summary: "run a policy's unit tests offline (test files beside it: docs/testing-policies.md)",
  usage: ["test [<file.test.json|policy.json|dir>…] [options]"],
  args: { min: 0, max: Number.POSITIVE_INFINITY },
  options: {
    reporter: { type: "string", value: "human|junit|json", description: "human (default): each failing case with expected, actual and the trace, coverage, a count; junit: JUnit XML; json: the report" },
    run: { type: "string", value: "<pattern>", description: "only the cases whose name matches this regular expression" },
    baseline: { type: "string", value: "<baseline.json>", description: "decide every case with this org baseline under the policy, as the service does (tighten-only)" },
    ...JSON_OPTION,
  },
  details: [
    "Runs with the engine the Worker runs, without network: judges and forwarded hooks answer what each case's `stubs` say, and a case that would call one without a stub is an error. Arguments are test files (<name>.test.json), policy files (the <name>.test.json beside them is run) or directories (every *.test.json under them); none means the current directory.",
    "Exit 0 when every case passed; 1 when a case failed, a test file or policy has problems, or no case ran.",
  ],
  async run({ io, values, positionals, path }) {
    let baseline: CompiledPolicy | undefined;
    if (typeof values.baseline === "string") {
      const compiled = compileOrReport(io, values.baseline);
      if (!compiled) return 1;
      baseline = compiled.compiled;
    }
    try {
      return await runTests(
        {
          paths: positionals,
          ...(typeof values.reporter === "string" ? { reporter: values.reporter } : {}),
          ...(values.json === true ? { json: true } : {}),
          ...(typeof values.run === "string" ? { run: values.run } : {}),
          ...(baseline ? { baseline } : {}),
        },
        { ...io, cwd: cwd() },
      );
    } catch (e) {
      if (e instanceof TestUsageError) throw new UsageError(e.message, path);
      throw e;
    }
  },
};
