import { failVerdict, type EventSpec } from "../event/eventSpec";
import { foldOutputs } from "../event/outputField";
import { strongerVerdict } from "./aggregate";
import type { Aggregate } from "./outcome";

/*
 * One tool call that is several in canonical terms (a patch that adds one file and updates two): each part is
 * evaluated as its own call and the answers combined here, the strictest winning. A restricting verdict of any part
 * is the call's (deny > defer > ask); an allow only when every part is allowed, since an allow of one file says
 * nothing of the others; no rewrite, since one part's updatedInput cannot be written back into the whole call.
 */

const joined = (values: (string | undefined)[]): string | undefined => {
  const present = [...new Set(values.filter((v): v is string => v !== undefined && v !== ""))];
  return present.length > 0 ? present.join("\n") : undefined;
};

/** The parts' aggregates as the whole call's (see above); `[]` is a call that could not be read: its fail verdict. */
export function strictestOfParts(spec: EventSpec, failMode: "open" | "closed", parts: readonly Aggregate[], unreadable: string): Aggregate {
  if (parts.length === 0) {
    const verdict = failVerdict(spec, failMode);
    return verdict === "none" ? { output: {} } : { verdict, reason: `hookgate could not read this call (${unreadable}); failing closed.`, output: {} };
  }
  let verdict: Aggregate["verdict"];
  for (const a of parts) if (a.verdict !== "allow") verdict = strongerVerdict(verdict, a.verdict);
  if (verdict === undefined && parts.every((a) => a.verdict === "allow")) verdict = "allow";
  const out: Aggregate = { output: {} };
  if (verdict !== undefined) {
    out.verdict = verdict;
    const reason = joined(parts.filter((a) => a.verdict === verdict).map((a) => a.reason));
    if (reason !== undefined) out.reason = reason;
  }
  const additionalContext = joined(parts.map((a) => a.additionalContext));
  if (additionalContext !== undefined) out.additionalContext = additionalContext;
  const systemMessage = joined(parts.map((a) => a.systemMessage));
  if (systemMessage !== undefined) out.systemMessage = systemMessage;
  const stop = parts.find((a) => a.stop !== undefined)?.stop;
  if (stop) out.stop = stop;
  // An output field set by several parts: by the field's rule, as between handlers (the strictest; the first part's
  // where there is no order of strictness).
  out.output = foldOutputs(spec.outputFields, parts.map((a) => a.output));
  return out;
}
