import { type CanActivate, Injectable } from '@nestjs/common';
import { RequestDrain } from './request-drain.service';

/** Commands and new event streams are refused with 503 once shutdown has started (reads still answer). */
@Injectable()
export class AcceptingWorkGuard implements CanActivate {
  constructor(private readonly drain: RequestDrain) {}

  canActivate(): boolean {
    this.drain.assertOpen();
    return true;
  }
}
