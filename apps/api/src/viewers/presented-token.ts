import { BadRequestException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { errorBody } from '../errors/error-body';

/** `?token=`, where an endpoint takes it (server-sent events: an EventSource cannot set an Authorization header). */
export const TOKEN_QUERY = 'token';

/** `Bearer <token68>` (RFC 6750); the scheme's name is case-insensitive. */
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/** A 401 that says why; ViewerGuard adds the `WWW-Authenticate` challenge. */
export class TokenRefused extends UnauthorizedException {
  constructor(
    message: string,
    /** RFC 6750's error code: `invalid_request` (malformed), `invalid_token` (not ours); none for a missing token. */
    readonly code?: 'invalid_request' | 'invalid_token',
  ) {
    super(errorBody(401, message));
  }
}

/** The token a request presents, if any: its Authorization header, or `?token=` where `fromQuery` allows it. */
export function presentedToken(request: Request, fromQuery: boolean): string | undefined {
  const header = request.headers.authorization;
  let token: string | undefined;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    if (match === null) throw new TokenRefused('the Authorization header must be "Bearer <token>"', 'invalid_request');
    token = match[1];
  }
  if (!fromQuery) return token;
  const query = (request.query as Record<string, unknown>)[TOKEN_QUERY];
  if (query === undefined || query === '') return token;
  if (typeof query !== 'string' || (token !== undefined && token !== query)) {
    throw new BadRequestException(errorBody(400, ['token must be given once (Authorization header or ?token=)']));
  }
  return query;
}
