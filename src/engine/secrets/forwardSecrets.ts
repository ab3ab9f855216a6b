/**
 * Which Worker secrets an `http` handler may put in its headers (`$NAME` listed in `allowedEnvVars`): only those the
 * operator declared for forwarding in the `FORWARD_SECRETS` variable (comma-separated names), and never hookgate's
 * own credentials, even if listed — a policy is written by a team, the secrets belong to the service.
 */

/** Never forwarded, whatever FORWARD_SECRETS says: the admin token, the LLM key and the local development token. */
export const NEVER_FORWARDED: readonly string[] = ["ADMIN_TOKEN", "LLM_API_KEY", "HOOKGATE_DEV_TOKEN"];

/**
 * Why `name` may not be forwarded, or undefined when it may. `declared` is FORWARD_SECRETS when the caller knows
 * the deployment (publishing); without it (an offline check, loading a stored revision) only the never-forwarded
 * names are refused, and the Worker still forwards nothing undeclared at run time.
 */
export function forwardProblem(name: string, declared: readonly string[] | undefined): string | undefined {
  if (NEVER_FORWARDED.includes(name)) return `${name} is one of hookgate's own credentials and is never forwarded`;
  if (declared !== undefined && !declared.includes(name))
    return `${name} is not declared for forwarding: the Worker's FORWARD_SECRETS variable must list it (it lists ${declared.length > 0 ? declared.join(", ") : "nothing"})`;
  return undefined;
}
