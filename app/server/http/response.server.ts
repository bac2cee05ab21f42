/** Adds (or sets) a header even on a response whose headers are immutable (a fetch's, a redirect's). */
export function withHeader(
  response: Response,
  name: string,
  value: string,
  how: "append" | "set" = "append",
) {
  try {
    response.headers[how](name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers[how](name, value);
    return copy;
  }
}
