/**
 * One event as the API, the CLI and the streams show it: `{revision, type, data, metadata}`, of any type — a viewer's
 * placeholder, or a line whose origin is in doubt (an export, a forged store): what the checks are fed.
 */
export interface GameEventLine {
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}
