/**
 * The service's pages (the replay page, the rules, the game list) may load only their own files and talk only to
 * this service; no inline script or style markup (scripts set styles through the CSSOM, which this allows).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
