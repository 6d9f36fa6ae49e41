import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GameEventLineDto } from '../events/game-events.response.dto';

const CHAIN_BREAK_REASONS = ['missing revision', 'revision out of order', 'prevHash mismatch', 'hash mismatch'];

export class ChainVerdictDto {
  @ApiProperty({ description: 'Every link holds, from the game’s genesis hash to its last event.' })
  intact!: boolean;

  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'The first revision that breaks it.' })
  firstBrokenRevision!: number | null;

  @ApiPropertyOptional({ enum: CHAIN_BREAK_REASONS, example: 'hash mismatch' })
  reason?: string;

  @ApiPropertyOptional({ description: 'The break in a sentence, with the values compared.' })
  detail?: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The last event’s hash: keep it to check later that no event was cut off the end.',
  })
  lastHash!: string | null;
}

export class DivergenceDto {
  @ApiProperty({ example: 15 })
  revision!: number;

  @ApiProperty({ example: 'event differs: the engine derives this DamageApplied with other content' })
  reason!: string;

  @ApiProperty({
    type: GameEventLineDto,
    nullable: true,
    description: 'What the engine derives there (null: it derives nothing there).',
  })
  expected!: GameEventLineDto | null;

  @ApiProperty({ type: GameEventLineDto, nullable: true, description: 'What is stored there (null: nothing).' })
  found!: GameEventLineDto | null;
}

export class ResimulationVerdictDto {
  @ApiProperty({ description: 'Today’s engine, fed the game’s inputs, derives exactly the stored events.' })
  identical!: boolean;

  @ApiProperty({ type: DivergenceDto, nullable: true })
  firstDivergence!: DivergenceDto | null;

  @ApiProperty({ example: 13, description: 'Commands re-run (up to the first divergence).' })
  commands!: number;
}

export class ForkOriginDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 42 })
  revision!: number;
}

export class RejectedSnapshotDto {
  @ApiProperty({ example: 1000 })
  revision!: number;

  @ApiProperty({ example: 'its state is not what the stored events fold to' })
  reason!: string;
}

/** Each snapshot (a cache) against the fold of the stored events at its revision. */
export class SnapshotVerdictDto {
  @ApiProperty({ example: 3 })
  checked!: number;

  @ApiProperty({ type: [RejectedSnapshotDto], description: 'Snapshots a load does not use: it folds from the events.' })
  rejected!: RejectedSnapshotDto[];
}

export class GameAuditResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 70, description: 'The last revision read.' })
  revision!: number;

  @ApiProperty({ example: 71, description: 'How many events were read.' })
  events!: number;

  @ApiProperty({ example: '1.0.0', description: 'The engine version that re-derived the events.' })
  engineVersion!: string;

  @ApiProperty({ type: ForkOriginDto, nullable: true, description: 'For a fork: where it was copied from.' })
  forkedFrom!: ForkOriginDto | null;

  @ApiProperty({ type: ChainVerdictDto })
  chain!: ChainVerdictDto;

  @ApiProperty({ type: ResimulationVerdictDto })
  resimulation!: ResimulationVerdictDto;

  @ApiProperty({ type: SnapshotVerdictDto })
  snapshots!: SnapshotVerdictDto;
}
