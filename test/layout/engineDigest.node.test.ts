// The index hints stored with a policy at publish are used only by the code that made them (src/engine/policy/storedHints.ts):
// ENGINE_DIGEST must be the fingerprint of the engine's and the clients' code as it is now.
import { describe, expect, it } from "vitest";
import { ENGINE_DIGEST } from "../../src/engine/policy/engineDigest";
// @ts-expect-error: a plain .mjs script, no types
import { engineDigest } from "../../scripts/engine-digest.mjs";

describe("ENGINE_DIGEST", () => {
  it("is the fingerprint of src/engine, src/clients and the runtime dependencies as they are (run `npm run engine-digest` after changing them)", () => {
    expect(ENGINE_DIGEST, "the engine's code changed: run `npm run engine-digest` so policies' stored index hints made by the old code are not used").toBe(engineDigest());
  });
});
