import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameReceipts, TournamentLog } from '@app/games';
import { Access } from '../viewers/access.decorator';
import { SigningKeysResponseDto } from './signing-keys.response.dto';

/**
 * `GET /.well-known/sanctum-keys`: what receipts, heads and tree heads are checked against — each key as SPKI PEM,
 * and as the C2SP verifier key (`vkey`) the tournament log's checkpoints are opened with.
 */
@ApiTags('receipts')
@Controller('.well-known')
export class SigningKeysHttpController {
  constructor(
    private readonly receipts: GameReceipts,
    private readonly log: TournamentLog,
  ) {}

  @Get('sanctum-keys')
  @Access('public')
  @ApiOperation({ summary: 'The public keys receipts are signed with (the current one first, then retired ones)' })
  @ApiOkResponse({ type: SigningKeysResponseDto })
  keys(): SigningKeysResponseDto {
    // Both lists come from the one key ring: every listed key has its verifier key.
    const vkeys = this.log.verifierKeys();
    return {
      keys: this.receipts.publishedKeys().keys.map((key) => ({ ...key, vkey: vkeys.get(key.keyId) as string })),
    };
  }
}
