/** A URL as it may be logged: the value of `?token=` (the event streams take a token there) replaced. */
export function redactTokenInUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&]token=)[^&#]*/gi, '$1[Redacted]');
}
