import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Caller } from '@app/games';
import { errorBody } from '../errors/error-body';
import { ACCESS_POLICY, type AccessPolicy } from './access.decorator';
import { ACCESS_REFUSALS } from './access-refusals';
import { TokenRefused, presentedToken } from './presented-token';
import { type ViewName, requestedView } from './view-as';
import { ViewerTokens } from './viewer-tokens.service';

/** Where the guard leaves the caller for @CurrentViewer() and @CurrentCaller(). */
export const CALLER = Symbol('sanctum:caller');
/** Where the guard leaves the view the organiser asked for with `?as=`. */
export const VIEW_AS = Symbol('sanctum:view-as');
export type RequestWithCaller = Request & { [CALLER]?: Caller; [VIEW_AS]?: ViewName };

/**
 * Every route's access rule (see @Access), checked before anything else runs: 401 for a missing or unknown token
 * where one is needed, 403 for a token that is not allowed here. A route without a rule is refused (500): a
 * forgotten declaration must not open an endpoint.
 */
@Injectable()
export class ViewerGuard implements CanActivate {
  private readonly logger = new Logger(ViewerGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: ViewerTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy === undefined) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} declares no @Access rule`);
      throw new ForbiddenException(errorBody(403, 'this endpoint is not open'));
    }
    if (policy.rule === 'public') return true;
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const response = context.switchToHttp().getResponse<Response>();
    // What is answered depends on the token: no shared cache may hand one caller's answer to another.
    response.vary('Authorization');
    try {
      const token = presentedToken(request, policy.queryToken === true);
      if (token !== undefined) response.setHeader('Cache-Control', 'no-store');
      const caller = this.tokens.identify(token);
      this.check(policy, caller, request.params.id as string | undefined);
      request[VIEW_AS] = requestedView(request.query as Record<string, unknown>, caller, policy.viewAs === true);
      request[CALLER] = caller;
      return true;
    } catch (error) {
      if (error instanceof TokenRefused) {
        const code = error.code === undefined ? '' : `, error="${error.code}"`;
        response.setHeader('WWW-Authenticate', `Bearer realm="sanctum-chronicle"${code}`);
      }
      throw error;
    }
  }

  private check(policy: AccessPolicy, caller: Caller, gameId: string | undefined): void {
    const purpose = policy.purpose ?? 'use this endpoint';
    if (policy.rule === 'organiser') {
      if (caller.kind === 'anonymous') throw new TokenRefused(ACCESS_REFUSALS.organiserWithoutToken(purpose));
      if (caller.kind === 'player') throw forbidden(ACCESS_REFUSALS.organiserNotPlayer(purpose));
      return;
    }
    if (caller.kind === 'player' && gameId !== undefined && caller.gameId !== gameId) {
      throw forbidden(ACCESS_REFUSALS.otherGamesToken(caller.gameId, gameId));
    }
    if (policy.rule === 'player') {
      if (caller.kind === 'anonymous') {
        throw new TokenRefused(ACCESS_REFUSALS.playerWithoutToken(purpose));
      }
      if (caller.kind === 'organiser') {
        throw forbidden(ACCESS_REFUSALS.playerNotOrganiser(purpose));
      }
    }
  }
}

function forbidden(message: string): ForbiddenException {
  return new ForbiddenException(errorBody(403, message));
}
