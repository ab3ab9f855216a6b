// Planted secrets (issue 8, item 3): 48 secret shapes planted in hook requests (Bash commands, a file being
// written, structured tool input, tool output, a prompt) go through the real Worker with a judge (the real local
// model server) and a forward (the real local hook server) on each event. Not one may reach the decision log, the
// LLM or the forwarded body; ordinary text (code, commit messages, paths, UUIDs, git SHAs, URLs) must arrive intact.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import type { HookServerRequest } from "../support/hookServer";
import { uniqueTeam } from "../support/worker";
import { claudeCode } from "../../src/clients/claude-code";

const modelUrl = inject("modelUrl");
const hookUrl = inject("hookUrl");
// The log writes as soon as a request is done (no batch window), so waitOnExecutionContext covers the write.
const app = createApp(claudeCode, (e) => servicesFor(e, { decisionLog: { wait: async () => {} } }));
const ADMIN = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
async function call(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://hookgate.test${path}`, init), { ...env, LLM_BASE_URL: modelUrl }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A distinct value of `n` characters from `alphabet`, recognisable as planted. */
function planted(prefix: string, n: number, alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  let s = "";
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return prefix + s;
}
const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const run = Date.now().toString(36);

/** Each planted secret: the value that must never leave, and where it was planted. */
const S = {
  awsKeyId: planted("AKIA", 16, UPPER),
  awsSecret: planted("", 40, b64),
  dbPasswordOut: planted("dbpw-", 14),
  sessionSecretOut: planted("sess-", 20),
  stripe: planted("sk_live_", 28),
  anthropic: `${planted("sk-ant-api03-", 93)}AA`,
  openai: planted("sk-proj-", 48),
  github: planted("ghp_", 36),
  githubPat: planted("github_pat_", 82),
  slack: `xoxb-${planted("", 12, "0123456789")}-${planted("", 13, "0123456789")}-${planted("", 24)}`,
  google: planted("AIza", 35),
  jwt: `eyJhbGciOiJIUzI1NiJ9.${planted("eyJzdWIiOi", 20)}.${planted("", 43)}`,
  hookgateTeam: planted("hg_", 43),
  hookgateAdmin: planted("hga_", 32),
  bearer: planted("bearer-", 24),
  authToken: planted("tok", 20),
  authBasic: btoa(`deploy:${planted("", 12)}`),
  rsaBody: planted("MIIEpAIBAAKCAQEA", 48, b64),
  opensshBody: planted("b3BlbnNzaC1rZXktdjEAAAAA", 40, b64),
  pgpBody: planted("lQOYBGX", 48, b64),
  passwordFlag: planted("pf-", 16),
  jsonApiKey: planted("jk-", 24),
  envDbPassword: planted("env-pw-", 16),
  arraySecret1: planted("arr1-", 16),
  arraySecret2: planted("arr2-", 16),
  maskFieldWildcard: planted("custom-header-", 16),
  postgresPw: planted("pg", 14),
  httpsPw: planted("bob", 14),
  curlPw: planted("cu", 14),
  gitlab: planted("glpat-", 20),
  npmToken: planted("npm_", 36),
  sendgrid: `SG.${planted("", 22)}.${planted("", 43)}`,
  mysqlP: planted("my", 14),
  yamlClientSecret: planted("ycs-", 20),
  npmrcAuth: planted("npmrc-", 20),
  credentialsObject: planted("cred-", 16),
  huggingface: planted("hf_", 34, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
  pgpassword: planted("pgp", 14),
  pythonApiKey: planted("py-", 20),
  textArray1: planted("ta1-", 16),
  textArray2: planted("ta2-", 16),
  azureAccountKey: `${planted("", 64, b64)}==`,
  vault: planted("hvs.", 24),
  onePassword: planted("ops_eyJ", 120, b64),
  notionLegacy: `${planted("secret_", 40)}7Qa`,
  doppler: planted("dp.pt.", 43),
  replicate: planted("r8_", 37),
  cloudflareAssigned: planted("", 40),
};

/** Ordinary text that must arrive as it was sent. */
const ORDINARY = [
  "git commit -m 'fix: handle token refresh when the password field is empty'",
  "/home/dev/shop/src/auth/token.ts",
  "0f8fad5b-d9cb-469f-a165-70867728950e",
  "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
  "const value = cache.get(key);",
  "https://github.com/acme/shop/pull/1234",
  "npm run build -- --mode production",
  "docker run -u 1000:1000 node:20",
  "if (password.length < 12) throw new Error('too short');",
  "postgres://db.internal:5432/shop",
];

const base = { transcript_path: "/home/dev/.claude/projects/p/s.jsonl", cwd: "/home/dev/shop", permission_mode: "default" };
const requests = (session: string): [string, Record<string, unknown>][] => [
  [
    "pre-tool-use",
    {
      ...base,
      session_id: session,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_use_id: `toolu_${run}_1`,
      tool_input: {
        command: [
          `echo ${S.awsKeyId} && export AWS_SECRET_ACCESS_KEY=${S.awsSecret}`,
          `curl -H 'Authorization: Bearer ${S.bearer}' -H "Authorization: token ${S.authToken}" https://api.example.com`,
          `curl -H 'Authorization: Basic ${S.authBasic}' https://ci.example.com && curl -u admin:${S.curlPw} https://x.example.com`,
          `mysqldump --password=${S.passwordFlag} shop && mysql -u root -p${S.mysqlP} shop`,
          `psql postgres://app:${S.postgresPw}@db.internal:5432/shop && git clone https://bob:${S.httpsPw}@git.example.com/acme/shop.git`,
          `PGPASSWORD=${S.pgpassword} psql -h db && echo ${S.stripe} ${S.github} ${S.githubPat} ${S.gitlab}`,
          `deploy --token ${S.hookgateTeam} --admin ${S.hookgateAdmin} --jwt ${S.jwt}`,
          ...ORDINARY.slice(0, 5),
        ].join(" && "),
        description: ORDINARY.slice(5).join(" ; "),
      },
    },
  ],
  [
    "pre-tool-use",
    {
      ...base,
      session_id: session,
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_use_id: `toolu_${run}_2`,
      tool_input: {
        file_path: "/home/dev/shop/config/settings.txt",
        content: [
          "-----BEGIN RSA PRIVATE KEY-----",
          S.rsaBody,
          "-----END RSA PRIVATE KEY-----",
          "-----BEGIN OPENSSH PRIVATE KEY-----",
          S.opensshBody,
          "-----END OPENSSH PRIVATE KEY-----",
          "-----BEGIN PGP PRIVATE KEY BLOCK-----",
          "",
          S.pgpBody,
          "-----END PGP PRIVATE KEY BLOCK-----",
          `{"api_key": "${S.jsonApiKey}", "passwords": ["${S.textArray1}", "${S.textArray2}"], "region": "eu-west-1"}`,
          `client_secret: ${S.yamlClientSecret}`,
          `//registry.npmjs.org/:_authToken=${S.npmrcAuth}`,
          `api_key = "${S.pythonApiKey}"`,
          `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${S.azureAccountKey};EndpointSuffix=core.windows.net`,
          `SENDGRID=${S.sendgrid}`,
          ...ORDINARY,
        ].join("\n"),
      },
    },
  ],
  [
    "pre-tool-use",
    {
      ...base,
      session_id: session,
      hook_event_name: "PreToolUse",
      tool_name: "mcp__deploy__release",
      tool_use_id: `toolu_${run}_3`,
      tool_input: {
        env: { DB_PASSWORD: S.envDbPassword, NODE_ENV: "production" },
        secrets: [S.arraySecret1, S.arraySecret2],
        credentials: { username: "deploy", password: S.credentialsObject },
        headers: { "X-Custom": S.maskFieldWildcard },
        note: ORDINARY[1],
      },
    },
  ],
  [
    "post-tool-use",
    {
      ...base,
      session_id: session,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_use_id: `toolu_${run}_4`,
      tool_input: { command: "cat .env" },
      tool_response: { stdout: `DB_PASSWORD=${S.dbPasswordOut}\nSESSION_SECRET=${S.sessionSecretOut}\nNODE_ENV=production\n`, stderr: "", interrupted: false },
    },
  ],
  [
    "user-prompt-submit",
    {
      ...base,
      session_id: session,
      hook_event_name: "UserPromptSubmit",
      prompt: `use ${S.anthropic} and ${S.openai}, ${S.google}, ${S.slack}, ${S.npmToken}, ${S.huggingface} for the demo; ${ORDINARY[0]}\nvault ${S.vault}, op ${S.onePassword}, notion ${S.notionLegacy}, doppler ${S.doppler}, replicate ${S.replicate}\nCLOUDFLARE_API_TOKEN=${S.cloudflareAssigned} npx wrangler deploy`,
    },
  ],
];

const judge = (marker: string) => ({ type: "prompt", id: `judge-${marker}`, prompt: `[[reply:{"ok":true}]] planted-${marker}-${run} May this go ahead? $ARGUMENTS`, timeout: 5 });
const forward = (marker: string) => ({ type: "http", id: `fwd-${marker}`, url: `${hookUrl}/planted/${run}/${marker}`, timeout: 5, onError: "none" });
const policy = {
  maskFields: ["tool_input.headers.*"],
  hooks: {
    PreToolUse: [{ hooks: [judge("pre"), forward("pre")] }],
    PostToolUse: [{ hooks: [judge("post"), forward("post")] }],
    UserPromptSubmit: [{ hooks: [judge("prompt"), forward("prompt")] }],
  },
};

describe("planted secrets never leave", () => {
  it("not one planted value reaches the decision log, the LLM or the forwarded body; ordinary text arrives intact", async () => {
    const team = uniqueTeam("planted");
    const put = await call(`/v1/admin/teams/${team}/policy`, { method: "PUT", headers: ADMIN, body: JSON.stringify(policy) });
    expect(put.status, await put.clone().text()).toBe(201);
    const { token } = (await (await call(`/v1/admin/teams/${team}/tokens`, { method: "POST", headers: ADMIN })).json()) as { token: string };
    for (const [route, body] of requests(`s-planted-${run}`)) {
      const res = await call(`/v1/hooks/${team}/${route}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }

    // The records go through the decision queue to the index after the answers: wait for all five, bounded.
    const readLog = async () => ((await (await call(`/v1/admin/teams/${team}/decisions?limit=100`, { headers: ADMIN })).json()) as { decisions: unknown[] }).decisions;
    let decisions = await readLog();
    for (const until = Date.now() + 10_000; decisions.length < 5 && Date.now() < until; decisions = await readLog()) await new Promise((r) => setTimeout(r, 50));
    const log = JSON.stringify(decisions);
    const modelRequests = (await (await fetch(`${modelUrl}/_requests`)).json()) as { body: any }[];
    const llm = modelRequests
      .filter((r) => JSON.stringify(r.body).includes(`-${run} May this go ahead?`))
      .map((r) => r.body.messages[0].content as string)
      .join("\n");
    const forwarded = ((await (await fetch(`${hookUrl}/_requests`)).json()) as HookServerRequest[])
      .filter((r) => r.path.startsWith(`/planted/${run}/`))
      .map((r) => r.body)
      .join("\n");
    // Everything arrived where it was meant to: five decisions, five judged prompts, five forwards.
    expect(log.match(/"decisionId"/g)).toHaveLength(5);
    expect(llm.match(/<hook_input>/g)).toHaveLength(5);
    expect(forwarded.length).toBeGreaterThan(0);

    const leaks = (where: string) => Object.entries(S).filter(([, v]) => where.includes(v)).map(([k]) => k);
    const leakedLog = leaks(log);
    const leakedLlm = leaks(llm);
    const leakedForward = leaks(forwarded);
    const any = new Set([...leakedLog, ...leakedLlm]);
    console.log(
      `planted secrets: ${Object.keys(S).length}; leaked to the log or the LLM: ${any.size} (log ${leakedLog.length}, LLM ${leakedLlm.length}); to the forward: ${leakedForward.length}` +
        (any.size ? `\n  leaked: ${[...any].join(", ")}` : ""),
    );
    expect(leakedLog).toEqual([]);
    expect(leakedLlm).toEqual([]);
    expect(leakedForward).toEqual([]);

    // Ordinary text is not masked (the LLM's copy is JSON with <, > and & written \u003c, \u003e, \u0026).
    const inert = (t: string) => t.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
    for (const text of ORDINARY) {
      expect(log, text).toContain(JSON.stringify(text).slice(1, -1));
      expect(llm, text).toContain(inert(JSON.stringify(text).slice(1, -1)));
    }
  });
});
