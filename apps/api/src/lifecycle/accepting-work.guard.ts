import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { RequestDrain } from './request-drain.service';

/**
 * Commands and new event streams are refused with 503 once shutdown has started (reads still answer), with
 * Retry-After: when this process will have stopped listening.
 */
@Injectable()
export class AcceptingWorkGuard implements CanActivate {
  constructor(private readonly drain: RequestDrain) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.drain.isDraining) {
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(this.drain.retryAfterSeconds));
    }
    this.drain.assertOpen();
    return true;
  }
}
