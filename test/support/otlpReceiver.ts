// A real local OTLP/HTTP logs receiver (what a team's collector or SIEM intake is): POST <prefix>/v1/logs takes
// OTLP JSON (ExportLogsServiceRequest), checks its shape as a collector would (400 otherwise) and keeps each log
// record with its attributes flattened; GET /_logs?prefix=<prefix> lists what arrived under that prefix, so a test
// running inside workerd points the exporter at its own prefix and reads back only its own records.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedLog {
  prefix: string;
  contentType: string;
  body: unknown;
  severityText?: string;
  timeUnixNano?: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

type KeyValue = { key: string; value: Record<string, unknown> };
const flat = (kvs: KeyValue[] | undefined) =>
  Object.fromEntries((kvs ?? []).map(({ key, value }) => [key, value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue !== undefined ? Number(value.intValue) : value)]));

export async function startOtlpReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const logs: ReceivedLog[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      if (req.method === "GET" && url.pathname === "/_logs") {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify(logs.filter((l) => l.prefix === url.searchParams.get("prefix"))));
      }
      const m = /^(.*)\/v1\/logs$/.exec(url.pathname);
      const contentType = String(req.headers["content-type"] ?? "");
      let body: { resourceLogs?: { resource?: { attributes?: KeyValue[] }; scopeLogs?: { logRecords?: Record<string, unknown>[] }[] }[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = {};
      }
      if (req.method !== "POST" || !m || !contentType.startsWith("application/json") || !Array.isArray(body.resourceLogs)) {
        res.writeHead(400, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ error: "not an OTLP/HTTP JSON logs export" }));
      }
      for (const rl of body.resourceLogs)
        for (const sl of rl.scopeLogs ?? [])
          for (const lr of sl.logRecords ?? [])
            logs.push({
              prefix: m[1]!,
              contentType,
              body: (lr.body as { stringValue?: string } | undefined)?.stringValue,
              severityText: lr.severityText as string | undefined,
              timeUnixNano: lr.timeUnixNano as string | undefined,
              attributes: flat(lr.attributes as KeyValue[]),
              resource: flat(rl.resource?.attributes),
            });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
