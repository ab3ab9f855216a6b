import { JSON_OPTION, type Command } from "../command";
import { FileError } from "../errors";
import { readJsonFile } from "../jsonFile";
import { compileOrReport, gate } from "../policyFile";

export const evalCommand: Command = {
  name: "eval",
  summary: "the answer and the trace for one hook input, offline (no state, no LLM)",
  usage: ["eval <policy.json> <input.json|->"],
  args: { min: 2, max: 2 },
  options: {
    baseline: { type: "string", value: "<baseline.json>", description: "evaluate with this org baseline under the policy, as the service does; the trace says which layer decided" },
    ...JSON_OPTION,
  },
  details: [
    "The output is always JSON ({answer, trace, dryRun, errors}); --json is accepted for consistency.",
    "`once` handlers answer as if they had not fired yet; `prompt` and `http` handlers are not called.",
  ],
  async run({ io, positionals, values }) {
    const [policyPath, inputPath] = positionals as [string, string];
    const policy = compileOrReport(io, policyPath);
    if (!policy) return 1;
    const baseline = typeof values.baseline === "string" ? compileOrReport(io, values.baseline) : undefined;
    if (typeof values.baseline === "string" && !baseline) return 1;
    const input = readJsonFile(io, inputPath, "input");
    if (typeof input !== "object" || input === null || Array.isArray(input)) throw new FileError("the input must be a JSON object", true);
    const named = (input as Record<string, unknown>).hook_event_name;
    const event = gate.eventOf(named);
    if (!event.ok) {
      io.err(`the input's hook_event_name ${JSON.stringify(named)} is not a hook event`);
      return 1;
    }
    const decided = await gate.decide({
      team: "local",
      event: event.value,
      input: input as Record<string, unknown>,
      policy: policy.compiled,
      ...(baseline ? { baseline: baseline.compiled } : {}),
      dryRun: true,
      explain: true,
    });
    if (!decided.ok) {
      io.err(`${decided.error.message}:`);
      for (const p of decided.error.problems ?? []) io.err(`  ${p.path}: ${p.message}`);
      return 1;
    }
    const evaluation = decided.value.evaluation;
    io.out(JSON.stringify({ answer: decided.value.answer, trace: evaluation?.trace, dryRun: evaluation?.dryRun ?? [], errors: evaluation?.errors ?? [] }, null, 2));
    return 0;
  },
};
