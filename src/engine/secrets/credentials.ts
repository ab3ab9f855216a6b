/**
 * Credential detection for the `secrets` condition (a prompt that holds an API key, a private key block, …): the
 * maintained rule set (secretlint's recommended preset, see secretRuleSet.ts) plus token shapes of our own. Only
 * credentials themselves count — a provider's token format, a private key block — never a name-based guess
 * (`password=…`) nor a URL with a user and password (`postgres://postgres:postgres@localhost` is ordinary in a
 * question): those are masked in logs (mask.ts) but do not make a prompt a leak.
 *
 * Cost is bounded: our patterns are linear and run on up to MAX_SCAN characters; secretlint's scanners (JavaScript
 * regexes, some slow on hostile input) run on the first RULE_SET_SCAN characters.
 */
import { secretRuleSetFindings } from "./secretRuleSet";
import { TOKEN_SHAPES } from "./tokenShapes";

const MAX_SCAN = 1024 * 1024;
const RULE_SET_SCAN = 8 * 1024;

/** secretlint rules that are not credentials on their own (see the module comment). */
const NOT_CREDENTIALS = new Set(["@secretlint/secretlint-rule-basicauth", "@secretlint/secretlint-rule-database-connection-string"]);

/** Token shapes: a provider's format, unambiguous on its own (tokenShapes.ts, shared with the masker). */
const CREDENTIAL_PATTERNS: readonly { name: string; re: RegExp }[] = TOKEN_SHAPES.flatMap((s) => (s.detect ? [{ name: s.name, re: s.detect }] : []));

/** The kinds of credential found in `text` (empty when none). */
export function findCredentials(text: string): string[] {
  const t = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  const found = new Set<string>();
  for (const p of CREDENTIAL_PATTERNS) if (p.re.test(t)) found.add(p.name);
  for (const id of secretRuleSetFindings(t.length > RULE_SET_SCAN ? t.slice(0, RULE_SET_SCAN) : t)) if (!NOT_CREDENTIALS.has(id)) found.add(id.replace("@secretlint/secretlint-rule-", ""));
  return [...found];
}
