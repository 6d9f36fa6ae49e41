/** What a script calling `sanctum` can rely on. */
export const EXIT = {
  ok: 0,
  /** The rules refused an order that the file did not mark `expectRejected`. */
  rejected: 1,
  /** The input is unusable: missing or unreadable file, bad JSON, invalid scenario or set-up, bad options. */
  invalidInput: 2,
  /** verify: the hash chain is broken, or the engine does not re-derive the stored events. */
  tampered: 3,
  /** A bug: anything else that went wrong (EX_SOFTWARE). */
  internal: 70,
} as const;
