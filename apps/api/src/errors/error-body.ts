import { STATUS_CODES } from 'node:http';

/** Every error the API answers with: Nest's usual shape, plus the rule fields for a refused command. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  /** A sentence, or for a malformed request every problem found, each with its path. */
  message: string | string[];
  rule?: string | null;
  reason?: string;
  field?: string | null;
  /** For a game that cannot be read: the first of its stored events that is damaged. */
  damagedRevision?: number;
}

export function errorBody(statusCode: number, message: string | string[], extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}
