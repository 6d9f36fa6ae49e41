import { ApiProperty } from '@nestjs/swagger';
import { SignedGameHeadDto } from '../receipts/receipt.response.dto';

export class SignedTreeHeadDto {
  @ApiProperty({ description: 'How many heads the log holds at this tree head.', example: 12 })
  size!: number;

  @ApiProperty({ description: 'The RFC 6962 Merkle root of those heads (hex sha256).' })
  root!: string;

  @ApiProperty()
  keyId!: string;

  @ApiProperty({ description: 'base64url Ed25519 over the RFC 8785 canonical JSON of {size, root, keyId}.' })
  signature!: string;
}

export class RecordedHeadsResponseDto {
  @ApiProperty({
    type: [SignedGameHeadDto],
    description: 'The heads appended now (a game whose head was already the last logged for it is not logged again).',
  })
  recorded!: SignedGameHeadDto[];

  @ApiProperty({
    type: [String],
    description:
      'Games recorded before chain secrets, not logged: the log is public, and their hashes would tell hidden events.',
  })
  skipped!: string[];

  @ApiProperty({ type: SignedTreeHeadDto, description: 'The log’s signed tree head after them: publish it.' })
  treeHead!: SignedTreeHeadDto;
}

export class LoggedHeadDto {
  @ApiProperty({ description: 'The leaf’s index.' })
  index!: number;

  @ApiProperty({
    type: SignedGameHeadDto,
    description: 'The leaf: its RFC 8785 canonical JSON is hashed as the RFC says.',
  })
  head!: SignedGameHeadDto;
}

export class LogEntriesResponseDto {
  @ApiProperty({ type: [LoggedHeadDto] })
  entries!: LoggedHeadDto[];
}

export class InclusionProofResponseDto {
  @ApiProperty({ type: SignedGameHeadDto })
  head!: SignedGameHeadDto;

  @ApiProperty()
  leafIndex!: number;

  @ApiProperty({ type: SignedTreeHeadDto })
  treeHead!: SignedTreeHeadDto;

  @ApiProperty({ type: [String], description: 'The RFC 9162 audit path, leaf to root (hex sha256).' })
  auditPath!: string[];
}

export class ConsistencyProofResponseDto {
  @ApiProperty({ type: SignedTreeHeadDto })
  first!: SignedTreeHeadDto;

  @ApiProperty({ type: SignedTreeHeadDto })
  second!: SignedTreeHeadDto;

  @ApiProperty({ type: [String], description: 'The RFC 9162 consistency proof (hex sha256).' })
  proof!: string[];
}
