import { Module } from '@nestjs/common';
import { VerifyPageHttpController } from './verify-page.http.controller';
import { VerifyPageSource } from './verify-page.source';

/** The offline verifier page at `/verify`. */
@Module({
  controllers: [VerifyPageHttpController],
  providers: [{ provide: VerifyPageSource, useFactory: () => new VerifyPageSource() }],
})
export class VerifyPageModule {}
