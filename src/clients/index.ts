import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
import { compilePolicy, withHintsOf, type ValidatedPolicy } from "../engine/policy/compilePolicy";
import type { Result } from "../engine/result";
import type { ClientProfile } from "../gate/profile";
import { claudeCode } from "./claude-code";
import { codex } from "./codex";
import { codexCannotHonour } from "./codex/limits";
import { copilotCli } from "./copilot-cli";
import { cursor } from "./cursor";
import { CLIENT_NAMES } from "./names";
import { unhonoured } from "./unhonoured";

/**
 * Every client hookgate serves, in one list: the Worker's app routes each (createApp), the API document lists each
 * one's routes, and a client is added here once its profile exists. Claude Code comes first: its routes have no
 * client segment (`/v1/hooks/<team>/<event>`), every other client's are `/v1/hooks/<team>/<routeSegment>/<event>`.
 * The first is also the client a policy is validated for at publish; the others' warnings are added (below).
 */
export const CLIENT_PROFILES: readonly ClientProfile[] = [claudeCode, codex, copilotCli, cursor];

/** What each client other than the first cannot honour in a policy: its compile warnings and problems, by client. */
const CANNOT_HONOUR: Readonly<Record<string, (policy: CompiledPolicy) => Problem[]>> = { codex: codexCannotHonour };

/** A client's profile by its name (`claude-code`, `codex`), or undefined. */
export function clientProfile(name: string): ClientProfile | undefined {
  return CLIENT_PROFILES.find((p) => p.name === name);
}

/** A document compiled for each client other than the first: one compile each serves their warnings and their hints. */
export function otherClientCompiles(document: unknown, clients: readonly ClientProfile[] = CLIENT_PROFILES): { client: ClientProfile; compiled: Result<CompiledPolicy, Problem[]> }[] {
  return clients.slice(1).map((client) => ({ client, compiled: compilePolicy(document, { client, clientNames: CLIENT_NAMES }) }));
}

/**
 * What a publish stores: the policy as compiled for the first client, with the index hints of every other client it
 * compiles for beside its own (engine/policy/storedHints.ts), so each client's cold isolate loads it as cheaply.
 */
export function publishableForEveryClient(compiled: CompiledPolicy, others = otherClientCompiles(compiled.publishable.document)): ValidatedPolicy {
  return withHintsOf(compiled.publishable, others.flatMap((o) => (o.compiled.ok ? [o.compiled.value] : [])));
}

/**
 * The warnings a policy earns from the clients other than the first (publish and `hookgate check` add them to the
 * first client's): what each cannot honour, and anything that does not compile for it (which fails closed there).
 */
export function otherClientWarnings(
  document: unknown,
  clients: readonly ClientProfile[] = CLIENT_PROFILES,
  others = otherClientCompiles(document, clients),
  /** The first client's own warnings, when the caller compiled for it already (a publish): not compiled again. */
  firstWarnings?: readonly Problem[],
): Problem[] {
  const out: Problem[] = [];
  const first = firstWarnings === undefined && clients[0] ? compilePolicy(document, { client: clients[0], clientNames: CLIENT_NAMES }) : undefined;
  const said = new Set((firstWarnings ?? (first?.ok ? first.value.warnings : [])).map((w) => `${w.path}\n${w.message}`));
  // The first client's own warnings are said already; only what differs for another client is added.
  for (const { client, compiled } of others) {
    if (!compiled.ok) {
      for (const p of compiled.error) out.push({ path: p.path, message: `${client.title}: ${p.message} (this policy does not compile for ${client.title}: its gating events fail closed there)` });
      continue;
    }
    for (const w of compiled.value.warnings.filter((w) => !said.has(`${w.path}\n${w.message}`))) out.push({ path: w.path, message: w.message.startsWith(`${client.title} `) ? w.message : `${client.title}: ${w.message}` });
    out.push(...(CANNOT_HONOUR[client.name]?.(compiled.value) ?? []));
    // What its answers leave out, where the compile did not already say so for that field.
    const warned = new Set(compiled.value.warnings.map((w) => w.path));
    out.push(...unhonoured(client, compiled.value).filter((p) => !warned.has(p.path)));
  }
  return out;
}
