import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameReceipts } from '@app/games';
import { Access } from '../viewers/access.decorator';
import { SigningKeysResponseDto } from './signing-keys.response.dto';

/** `GET /.well-known/sanctum-keys` (DESIGN.md "API"): what receipts, heads and tree heads are checked against. */
@ApiTags('receipts')
@Controller('.well-known')
export class SigningKeysHttpController {
  constructor(private readonly receipts: GameReceipts) {}

  @Get('sanctum-keys')
  @Access('public')
  @ApiOperation({ summary: 'The public keys receipts are signed with (the current one first, then retired ones)' })
  @ApiOkResponse({ type: SigningKeysResponseDto })
  keys(): SigningKeysResponseDto {
    return this.receipts.publishedKeys();
  }
}
