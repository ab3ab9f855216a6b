/**
 * The clients hookgate serves, by the short name each profile goes by (`ClientProfile.name`): what a policy's group
 * may name in `clients`. A list of names only, so the compiler's callers (the Gate, the policy cache, the CLI) can
 * hand it over without importing every profile; test/clients/profiles.test.ts checks it against the profiles.
 */
export const CLIENT_NAMES = ["claude-code", "codex", "copilot-cli", "cursor"] as const;

