// The masker (issue 8, item 3): the maintained rule set, hookgate's own shapes, names, maskFields wildcards, what
// must not be masked, and what it costs on hostile input. End to end (log, LLM, forward): test/http/plantedSecrets.
import { describe, expect, it } from "vitest";
import { maskForExport, maskSecrets } from "../../src/engine/secrets/mask";
import { SECRET_RULE_IDS } from "../../src/engine/secrets/secretRuleSet";
import { MASK, RULE_SET_BUDGET, isSecretName } from "../../src/engine/secrets/detectors";
import { MASK_SCAN_LIMITS, maskText } from "../../src/engine/secrets/maskCut";

describe("shapes in text", () => {
  it.each([
    // (the rule set's AWS and basic-auth scanners report the name and the URL with the secret: more is masked)
    ["export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMIK7MDENGbPxRfiCYzzKEY1234567", "export [masked]"],
    ["export AWS_SECRET_ACCESS_KEY=short-secret-1", "export AWS_SECRET_ACCESS_KEY=[masked]"],
    ["DB_PASSWORD=hunter2hunter2 npm start", "DB_PASSWORD=[masked] npm start"],
    ["SESSION_SECRET=abcdef123456\nNODE_ENV=production", "SESSION_SECRET=[masked]\nNODE_ENV=production"],
    ["PGPASSWORD=pw12345 psql -h db", "PGPASSWORD=[masked] psql -h db"],
    ["mysqldump --password=s3cr3tpw shop", "mysqldump --password=[masked] shop"],
    ["mysql -u root -pMyS3cret shop", "mysql -u root -p[masked] shop"],
    ["curl -u admin:Sup3rPw https://x.example.com", "curl -u admin:[masked] https://x.example.com"],
    ["curl --user=admin:Sup3rPw https://x", "curl --user=admin:[masked] https://x"],
    ["git clone https://bob:bobPw99@git.example.com/r.git", "git clone [masked]/r.git"],
    ["git clone https://bob:bob.Pw!99@git.example.com/r.git", "git clone https://bob:[masked]@git.example.com/r.git"],
    ["redis://:redisPw9@cache:6379", "redis://:[masked]@cache:6379"],
    ["Authorization: token tok_abcdefghij123", "Authorization: token [masked]"],
    ["Authorization: Basic dXNlcjpwYXNzd29yZA==", "Authorization: Basic [masked]"],
    ["-H 'authorization: Bearer abc.def.ghi-123456'", "-H 'authorization: Bearer [masked]'"],
    ['{"api_key": "k-123-abc", "name": "x"}', '{"api_key": "[masked]", "name": "x"}'],
    ["client_secret: yaml-secret-value", "client_secret: [masked]"],
    ['api_key = "py-secret-1"', 'api_key = "[masked]"'],
    ["//registry.npmjs.org/:_authToken=npmrc-token-123", "//registry.npmjs.org/:_authToken=[masked]"],
    ['"passwords": ["one", "two"], "ok": 1', '"passwords": [masked], "ok": 1'],
    ["AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4;EndpointSuffix=x", "AccountName=acme;AccountKey=[masked];EndpointSuffix=x"],
    ["token hga_abcdefghijklmnopqrstuvwxyz012345 end", "token [masked] end"],
    ["team hg_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG end", "team [masked] end"],
    ["glpat-abcdefghij0123456789", MASK],
    ["echo AKIAIOSFODNN7EXAMPLE", `echo ${MASK}`],
  ])("%s", (text, masked) => {
    expect(maskText(text)).toBe(masked);
  });

  it("private key blocks: PEM, OpenSSH and PGP, also without their END", () => {
    for (const kind of ["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "PGP PRIVATE KEY BLOCK"]) {
      const block = `-----BEGIN ${kind}-----\nMIIEpAIBAAKCAQEAplanted\n-----END ${kind}-----`;
      expect(maskText(`before\n${block}\nafter`)).toBe(`before\n${MASK}\nafter`);
      expect(maskText(`-----BEGIN ${kind}-----\nMIIEpAIBAAKCAQEAcut-off`)).toBe(MASK);
    }
  });

  it("the maintained rule set runs (secretlint's recommended preset, text scanners)", () => {
    expect(SECRET_RULE_IDS.length).toBeGreaterThanOrEqual(20);
    expect(SECRET_RULE_IDS).toContain("@secretlint/secretlint-rule-shopify");
    expect(SECRET_RULE_IDS).not.toContain("@secretlint/secretlint-rule-filter-comments");
    // Shapes only the rule set knows (not in hookgate's own list):
    const shopify = `shpat_${"a1b2c3d4".repeat(4)}`;
    const vault = `hvs.${"A".repeat(24)}${"b".repeat(70)}`;
    const docker = `dckr_pat_${"x".repeat(27)}`;
    for (const token of [shopify, vault, docker]) expect(maskText(`use ${token} now`)).toBe(`use ${MASK} now`);
    // and `secretlint-disable` in request data does not switch it off
    expect(maskText(`// secretlint-disable\nuse ${shopify}`)).not.toContain(shopify);
  });
});

describe("ordinary text is not masked", () => {
  it.each([
    "const value = cache.get(key);",
    "const token = await getToken(user);",
    "if (password.length < 12) throw new Error('too short');",
    "fix: handle token refresh when the password field is empty",
    "git commit -m 'Rotate keys and secrets quarterly'",
    "/home/dev/shop/src/auth/token.ts",
    "0f8fad5b-d9cb-469f-a165-70867728950e",
    "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "https://github.com/acme/shop/pull/1234 and http://localhost:8787/healthz",
    "postgres://db.internal:5432/shop",
    "docker run -u 1000:1000 node:20",
    "npm run build -- --mode production",
    "password: ${{ secrets.DB_PASSWORD }}",
    "DB_PASSWORD=$DB_PASSWORD ./run.sh",
    "max_tokens=4096 temperature=0",
    "authorization: the user must be an admin",
    "Basic usage: run `make` first",
    "ls -la ~/.ssh && cat ~/.ssh/config",
  ])("%s", (text) => {
    expect(maskText(text)).toBe(text);
  });

  it("names: secret-sounding or not", () => {
    for (const name of ["DB_PASSWORD", "AWS_SECRET_ACCESS_KEY", "SESSION_SECRET", "apiKey", "api-key", "PGPASSWORD", "client_secret", "token", "authToken", "x-api-key", "privateKey", "credentials", "GITHUB_TOKEN", "cookie", "Authorization"])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ["session_id", "tool_use_id", "transcript_path", "max_tokens", "input_tokens", "public_key", "primary_key", "keyboard", "monkey", "tokenizer", "description", "command", "file_path", "private_key_path", "sort_key"])
      expect(isSecretName(name), name).toBe(false);
  });
});

describe("structured input", () => {
  it("a secret-named key hides its whole value: strings, numbers, arrays and objects", () => {
    const masked = maskSecrets({
      tool_input: {
        env: { DB_PASSWORD: "x1", PATH: "/usr/bin" },
        secrets: ["a", "b"],
        credentials: { username: "deploy", password: "p" },
        pin_code: 1234,
        api_token: 987654,
        enabled: true,
      },
      session_id: "s1",
      max_tokens: 5,
    });
    expect(masked).toEqual({
      tool_input: { env: { DB_PASSWORD: MASK, PATH: "/usr/bin" }, secrets: MASK, credentials: MASK, pin_code: 1234, api_token: MASK, enabled: true },
      session_id: "s1",
      max_tokens: 5,
    });
  });

  it("maskFields: exact paths and `*` segments (any key, any array index)", () => {
    const input = {
      tool_input: { headers: { "X-One": "v1", "X-Two": "v2" }, list: [{ v: "a" }, { v: "b" }], keep: "k" },
      other: { headers: { "X-One": "kept" } },
    };
    expect(maskSecrets(input, ["tool_input.headers.*", "tool_input.list.*.v"])).toEqual({
      tool_input: { headers: { "X-One": MASK, "X-Two": MASK }, list: [{ v: MASK }, { v: MASK }], keep: "k" },
      other: { headers: { "X-One": "kept" } },
    });
    expect(maskSecrets(input, ["*.headers"])).toMatchObject({ tool_input: { headers: MASK }, other: { headers: MASK } });
    expect(maskSecrets(input, ["tool_input.keep"])).toMatchObject({ tool_input: { keep: MASK } });
  });

  it("a secret used as a key is masked like a value, its value kept; two such keys keep both values", () => {
    const team = "hg_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const input = { tool_input: { grants: { [team]: "read", AKIAIOSFODNN7EXAMPLE: "write", alice: "admin" } } };
    for (const masked of [maskForExport(input), maskSecrets(input)]) {
      expect(masked).toEqual({ tool_input: { grants: { [MASK]: "read", [`${MASK}#2`]: "write", alice: "admin" } } });
      expect(Object.keys((masked as typeof input).tool_input.grants)).toEqual([MASK, `${MASK}#2`, "alice"]); // order kept
    }
    // Ordinary keys, and those of the input's own fields, are left as they are.
    const plain = { session_id: "s", tool_input: { command: "ls", "Content-Type": "x", "src/app.ts": 1, "550e8400-e29b-41d4-a716-446655440000": 2 } };
    expect(maskForExport(plain)).toEqual(plain);
  });

  it("a key block in one field never masks the next field", () => {
    const masked = maskSecrets({ a: "-----BEGIN RSA PRIVATE KEY-----\nMIIEcut", b: "ordinary text here" }) as Record<string, string>;
    expect(masked).toEqual({ a: MASK, b: "ordinary text here" });
  });
});

describe("bounded cost", () => {
  const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  // Repetitions of each detector's literal parts, the shapes that make backtracking patterns slow.
  const HOSTILE = [
    "a", " ", "=", "a=", " a=", 'a="', '"a":"', "a: '", "key=\"", "-----BEGIN PRIVATE KEY-----", "-----BEGIN ", "Authorization: ",
    "authorization: Bearer ", "bearer ", "https://", "a://b:", "x://:", " -u a:", "mysql -p", "mysql ", "sk-", "ghp_", "SG.a.", "SG.",
    "xoxb-1-", "eyJ", "eyJaaaaaaaaa.", "hg_", "AKIA", "postgres://", "postgres://a:", "mongodb://a:b@", "ops_ey", "@", ":", "\\",
    "\n", "[", '"passwords": [', "_authToken=", "tskey-aa-", "ghs_1_", "ghs_1_a.", "sk-ant-api03-", "glpat-", "dckr_pat_", "lin_api_", "npm_",
    // the shapes added for set 3 (tokenShapes.ts)
    "hvs.", "s.", "s.aB1", "ops_eyJ", "ops_eyJ+", "secret_", "secret_a1", "dp.pt.", "dp.st.a.", "sntryu_", "sntrys_eyJ", "sbp_", "sb_secret_", "pscale_tkn_",
    "fo1_", "fm2_", "fm1a_", "rnd_", "HRKU-", "HRKU-AA", "PMAK-", "PMAK-a-", "NRAK-", "ATATT3", "a.atlasv1.", ".atlasv1.", "r8_", "key-", "whsec_", "AGE-SECRET-KEY-1",
    "aws_secret_access_key ", "https://hooks.slack.com/services/TA/", "GOCSPX-", "pypi-AgEIcHlwaS5vcmc", "SK0", "AC", "dop_v1_", "123456789:AA",
  ];
  const time = (f: () => void) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      f();
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };

  it("every detector on 32 KiB of its own hostile repetition stays within a small budget", () => {
    const slow: string[] = [];
    let worst = 0;
    for (const unit of HOSTILE) {
      const ms = time(() => maskText(fill(unit, MASK_SCAN_LIMITS.maxString)));
      worst = Math.max(worst, ms);
      if (ms > 100) slow.push(`${JSON.stringify(unit)}: ${ms.toFixed(1)} ms`);
    }
    console.log(`masking 32 KiB of hostile text: worst ${worst.toFixed(1)} ms over ${HOSTILE.length} shapes`);
    expect(slow).toEqual([]);
  });

  it("a 1 MiB input is capped before it is masked: the whole value costs a bounded amount", () => {
    const strings = Array.from({ length: 2000 }, (_, i) => fill(HOSTILE[i % HOSTILE.length]!, 512));
    const input = { tool_input: { content: fill("ghs_1_", 1_000_000), many: strings } };
    let out: unknown;
    const ms = time(() => (out = maskForExport(input)));
    console.log(`maskForExport of a 2 MB hostile value: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(300);
    expect(JSON.stringify(out).length).toBeLessThan(MASK_SCAN_LIMITS.maxTotal * 2);
    expect((out as any).tool_input.content).toMatch(/…\[truncated by hookgate: 1000000 chars\]$/);
    expect(RULE_SET_BUDGET).toBeLessThanOrEqual(MASK_SCAN_LIMITS.maxTotal);
  });
});
