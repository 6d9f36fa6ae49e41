import { Module } from '@nestjs/common';
import { ReplayVerifierSource } from '../verify/replay-verifier.source';
import { ReplayAssets } from './replay-assets';
import { ReplayHttpController } from './replay.http.controller';

/** The replay viewer at `/replay/:id`. Needs the (global) games layer, to tell whether a game exists. */
@Module({
  controllers: [ReplayHttpController],
  providers: [
    // Built at start: missing assets stop the service at once rather than at the first page view.
    { provide: ReplayAssets, useFactory: () => new ReplayAssets() },
    // Read (or built) at the first Verify: most page views never ask for it.
    { provide: ReplayVerifierSource, useFactory: () => new ReplayVerifierSource() },
  ],
})
export class ReplayModule {}
