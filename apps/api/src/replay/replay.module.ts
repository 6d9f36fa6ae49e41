import { Module } from '@nestjs/common';
import { ReplayAssets } from './replay-assets';
import { ReplayHttpController } from './replay.http.controller';

/** The replay viewer at `/replay/:id`. Needs the (global) games layer, to tell whether a game exists. */
@Module({
  controllers: [ReplayHttpController],
  // Built at start: missing assets stop the service at once rather than at the first page view.
  providers: [{ provide: ReplayAssets, useFactory: () => new ReplayAssets() }],
})
export class ReplayModule {}
