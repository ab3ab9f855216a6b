// The floor for the HTTP benchmark: a Worker on the same runtime that reads the body and answers `{}`.
export default {
  async fetch(request: Request): Promise<Response> {
    await request.text();
    return Response.json({});
  },
};
