// A real local hook server for `http` handlers (what a team's own audit or policy server would be): it records
// every request and answers by path, so a test (also one running inside workerd) decides what "the server" says:
//   /answer/<base64url JSON>   200 with that JSON      /status/<code>   that status, empty body
//   /delay/<ms>/<rest>         wait, then answer <rest> /redirect        302 to /answer/e30 (must not be followed)
//   anything else              200 {}
// GET /_requests lists what it was sent (method, path, headers, body text).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface HookServerRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HookServer {
  url: string;
  requests: HookServerRequest[];
  close(): Promise<void>;
}

export const answerPath = (answer: unknown) => `/answer/${Buffer.from(JSON.stringify(answer)).toString("base64url")}`;

export async function startHookServer(): Promise<HookServer> {
  const requests: HookServerRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (req.method === "GET" && path === "/_requests") {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify(requests));
      }
      requests.push({ method: req.method ?? "", path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = (rest: string) => {
        const answer = /^\/answer\/([A-Za-z0-9_-]+)/.exec(rest);
        const status = /^\/status\/(\d{3})/.exec(rest);
        if (answer) {
          res.writeHead(200, { "content-type": "application/json" });
          return void res.end(Buffer.from(answer[1]!, "base64url").toString("utf8"));
        }
        if (status) {
          res.writeHead(Number(status[1]));
          return void res.end();
        }
        if (rest.startsWith("/redirect")) {
          res.writeHead(302, { location: answerPath({ decision: "approve" }) });
          return void res.end();
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
      };
      const delay = /^\/delay\/(\d+)(\/.*)$/.exec(path);
      if (delay) {
        const t = setTimeout(() => reply(delay[2]!), Number(delay[1]));
        res.once("close", () => clearTimeout(t));
      } else reply(path);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
