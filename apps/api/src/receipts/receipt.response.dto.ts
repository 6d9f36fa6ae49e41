import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GameResultDto } from '../game-end/game-result.response.dto';

const SIGNATURE =
  'base64url Ed25519 signature over the RFC 8785 canonical JSON of every other field (keyId included); the key is ' +
  'listed at GET /.well-known/sanctum-keys.';

/** A signed receipt (docs/design.md): the game held this revision with this hash right after the command. */
export class ReceiptDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({ description: 'The game’s last revision right after the command.', example: 7 })
  revision!: number;

  @ApiProperty({
    description: 'The chain hash of that revision (keyed with the game’s secret: it tells nothing of hidden events).',
    example: '3b1f…',
  })
  hash!: string;

  @ApiProperty({ description: 'The command’s id (its Idempotency-Key, or the id the service gave it).' })
  commandId!: string;

  @ApiPropertyOptional({
    type: GameResultDto,
    description: '[A] Once the game has ended at that revision: how (signed with the rest).',
  })
  result?: GameResultDto;

  @ApiProperty({ description: 'The signing key’s id (base64url sha256 of its SPKI DER, 16 characters).' })
  keyId!: string;

  @ApiProperty({ description: SIGNATURE })
  signature!: string;
}

/** The `receipt` of a command's answer (creation, order, cancellation, confirmation). */
export const CommandReceiptProperty = (): PropertyDecorator =>
  ApiPropertyOptional({
    type: ReceiptDto,
    description:
      'The signed receipt of this command: keep it (docs/receipts.md, “What a player keeps”). Absent only for a game recorded ' +
      'before chain secrets, whose hashes would tell hidden events.',
  });

/** A signed game head: `GET /games/:id/head`, and each leaf of the tournament log. */
export class SignedGameHeadDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({ description: 'The game’s latest revision.', example: 42 })
  revision!: number;

  @ApiProperty({ description: 'Its chain hash.' })
  hash!: string;

  @ApiPropertyOptional({ type: GameResultDto, description: '[A] The game’s result, once it has ended (signed).' })
  result?: GameResultDto;

  @ApiProperty()
  keyId!: string;

  @ApiProperty({ description: SIGNATURE })
  signature!: string;
}
