import type { PolicyDocument } from "./policySchema";
import type { StoredHintsByClient } from "./storedHints";

/**
 * The form of a policy stored at publish beside the document as written: the document as the schema parsed it
 * (defaults filled in), so that loading a stored revision on a cold isolate compiles it without running the schema
 * again (zod was the largest part of a cold start's CPU with a large policy). Valid only for the schema that made
 * it: `form` names the engine version and the schema's fingerprint, and a stored form with any other name is
 * ignored (the document is then validated and compiled as a fresh publish would be).
 */
export interface PreparedPolicy {
  form: string;
  document: PolicyDocument;
  /**
   * Per client, the handlers' index hints worked out at publish (storedHints.ts), or the name of the client whose
   * hints are the same: used only by the code that made them.
   */
  hints?: StoredHintsByClient;
}

/**
 * The fingerprint of the policy schema's output (sha256 of z.toJSONSchema(policySchema, { io: "output" }), first 16
 * hex): test/engine/preparedForm.test.ts recomputes it, so a schema change that would make a stored form stale
 * fails that test until this is updated (which retires every stored form at once: they are compiled from the
 * document as before).
 */
export const POLICY_SCHEMA_DIGEST = "2ffd640a749e1631";
