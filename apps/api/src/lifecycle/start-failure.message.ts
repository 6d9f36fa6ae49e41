/** Why the service did not start, for an operator: one line for what they can mend, the stack for a bug. */
export function startFailureMessage(error: unknown, port: number | undefined): string {
  const { code, message, stack } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE') {
    return (
      `cannot start the API: port ${port ?? '(PORT)'} is already in use (another process listens there); ` +
      `stop it, or set PORT to a free port (PORT=${(port ?? 3000) + 1} npm start)`
    );
  }
  if (code === 'EACCES') {
    return `cannot start the API: port ${port ?? '(PORT)'} needs privileges this process has not; set PORT to 1024 or above`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `cannot start the API: HOST is not an address of this machine (${message})`;
  }
  return `cannot start the API: ${error instanceof Error ? (stack ?? message) : String(error)}`;
}
