/**
 * The fingerprint of the engine's and the clients' code (scripts/engine-digest.mjs; `npm run engine-digest` updates
 * it): a policy's index hints stored at publish are used only by the code that computed them (storedHints.ts).
 */
export const ENGINE_DIGEST = "e595d750d22fb9c6";
