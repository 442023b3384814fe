/** The server's words from a refused tus request (the envelope's msg in its body), else `fallback`. */
export function tusMessage(error: unknown, fallback: string): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const msg = (JSON.parse(body ?? "") as { msg?: unknown }).msg;
    if (typeof msg === "string" && msg) return msg;
  } catch {
    // a dropped connection or a bare tus status
  }
  return fallback;
}
