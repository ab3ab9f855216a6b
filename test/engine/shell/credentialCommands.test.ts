// Commands that print a credential from a store on the machine read that store: the starter's no-secret-files
// holds for `gh auth token` as for `cat ~/.config/gh/hosts.yml`, when what they print can reach the agent; a
// credential handed straight to the program that needs it (a substitution in its argument, a pipe into a login) is not
// shown, and is not a read.
import { describe, expect, it } from "vitest";
import { starterVerdict } from "../../support/starter";

const SECRETS = "no-secret-files";

describe("commands that print a stored credential", () => {
  it.each([
    "gh auth token",
    "gh auth status --show-token",
    "aws configure get aws_secret_access_key",
    "aws configure get default.aws_session_token",
    "aws configure export-credentials --format env",
    "aws --profile prod sts get-session-token",
    "aws ecr get-login-password --region eu-west-1",
    "aws codeartifact get-authorization-token --domain d --output text",
    "gcloud auth print-access-token",
    "gcloud auth application-default print-access-token",
    "gcloud config config-helper --format=json",
    "az account get-access-token",
    "kubectl config view --raw",
    "kubectl config view --minify --raw",
    "git credential fill <<< 'url=https://github.com'",
    "npm config get //registry.npmjs.org/:_authToken",
    "pass show work/db",
    "vault print token",
    "heroku auth:token",
    "secret-tool lookup service db",
    "security find-generic-password -w -s deploy",
    "docker-credential-desktop list",
    "docker-credential-osxkeychain get <<< https://index.docker.io/v1/",
    "cat /proc/self/environ",
    "cat ~/.my.cnf",
  ])("%s is denied", async (c) => {
    expect((await starterVerdict(c)).fired, c).toContain(SECRETS);
  });

  it.each(["gh auth token | cat", "echo $(gh auth token)", "bash -c 'gcloud auth print-access-token'", "cat <(gh auth token)", "kubectl config view --raw | grep token", "printf '%s' \"$(vault print token)\""])(
    "%s shows it too, and is denied",
    async (c) => {
      expect((await starterVerdict(c)).fired, c).toContain(SECRETS);
    },
  );

  it.each([
    "gh auth status",
    "aws configure get region",
    "kubectl config view",
    "npm config get registry",
    "pass ls",
    "security find-generic-password -s deploy",
    "gh auth token | pbcopy",
    "GH_TOKEN=$(gh auth token) gh api user",
    'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://storage.googleapis.com/b/o',
    "aws ecr get-login-password --region us-east-1 | docker login --username AWS --password-stdin 1.dkr.ecr.us-east-1.amazonaws.com",
    "export CODEARTIFACT_AUTH_TOKEN=$(aws codeartifact get-authorization-token --domain d --query authorizationToken --output text)",
  ])("%s is not: nothing secret is printed where the agent reads it", async (c) => {
    expect((await starterVerdict(c)).decision, c).toBe("none");
  });
});
