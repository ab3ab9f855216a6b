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

const MAX_SCAN = 1024 * 1024;
const RULE_SET_SCAN = 8 * 1024;

/** secretlint rules that are not credentials on their own (see the module comment). */
const NOT_CREDENTIALS = new Set(["@secretlint/secretlint-rule-basicauth", "@secretlint/secretlint-rule-database-connection-string"]);

/** Token shapes: a provider's format, unambiguous on its own. Shared with the masker. */
export const CREDENTIAL_PATTERNS: readonly { name: string; re: RegExp }[] = [
  { name: "private key block", re: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/ },
  { name: "AWS access key id", re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/ },
  { name: "AWS secret access key", re: /aws_?secret_?access_?key["']?\s{0,8}(?:[:=]|\s)\s{0,8}["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i },
  { name: "Stripe secret key", re: /\b(?:sk|rk)_live_[0-9A-Za-z]{10,}/ },
  { name: "Anthropic API key", re: /\bsk-ant-[0-9A-Za-z_-]{20,}/ },
  { name: "OpenAI API key", re: /\bsk-(?:proj-|svcacct-|admin-)?[0-9A-Za-z_-]{32,}/ },
  { name: "GitHub token", re: /\b(?:gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{40,})/ },
  { name: "GitLab token", re: /\b(?:glpat|gldt|glptt|glrt|glcbt|glimt|gloas|glsoat|glffct)-[0-9A-Za-z_-]{20,}/ },
  { name: "Slack token", re: /\bxox[abposre]-[0-9A-Za-z-]{10,}|\bxapp-\d-[A-Z0-9]{6,}-\d{6,}-[0-9a-f]{32,}/ },
  { name: "Slack webhook", re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/T[0-9A-Z]{6,}\/[0-9A-Z]{6,}\/[0-9A-Za-z]{16,}/ },
  { name: "Google API key", re: /\bAIza[0-9A-Za-z_-]{35}/ },
  { name: "Google OAuth client secret", re: /\bGOCSPX-[0-9A-Za-z_-]{24,}/ },
  { name: "npm token", re: /\bnpm_[0-9A-Za-z]{36}\b/ },
  { name: "PyPI token", re: /\bpypi-AgEIcHlwaS5vcmc[0-9A-Za-z_-]{50,}/ },
  { name: "SendGrid API key", re: /\bSG\.[0-9A-Za-z_-]{22}\.[0-9A-Za-z_-]{43}/ },
  { name: "Twilio key", re: /\b(?:SK|AC)[0-9a-f]{32}\b/ },
  { name: "Hugging Face token", re: /\bhf_[0-9A-Za-z]{34,}/ },
  { name: "DigitalOcean token", re: /\bdo[por]_v1_[0-9a-f]{64}\b/ },
  { name: "Telegram bot token", re: /\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b/ },
  { name: "Azure storage key", re: /AccountKey=[0-9A-Za-z+/]{86}==/ },
  { name: "hookgate token", re: /\bhga?_[0-9A-Za-z_-]{40,}/ },
];

/** The kinds of credential found in `text` (empty when none). */
export function findCredentials(text: string): string[] {
  const t = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  const found = new Set<string>();
  for (const p of CREDENTIAL_PATTERNS) if (p.re.test(t)) found.add(p.name);
  for (const id of secretRuleSetFindings(t.length > RULE_SET_SCAN ? t.slice(0, RULE_SET_SCAN) : t)) if (!NOT_CREDENTIALS.has(id)) found.add(id.replace("@secretlint/secretlint-rule-", ""));
  return [...found];
}
