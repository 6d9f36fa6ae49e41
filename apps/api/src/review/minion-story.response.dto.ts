import { ApiProperty } from '@nestjs/swagger';

export class StoryEntryDto {
  @ApiProperty()
  revision!: number;

  @ApiProperty()
  turn!: number;

  @ApiProperty({ example: 'combat' })
  phase!: string;

  @ApiProperty({ example: 'DamageApplied' })
  type!: string;

  @ApiProperty({ example: 'b-archer takes 3 damage (3 → 0 HP)', description: 'The sentence the replay shows.' })
  sentence!: string;
}

export class MinionDeathDto {
  @ApiProperty()
  revision!: number;

  @ApiProperty()
  turn!: number;

  @ApiProperty({ enum: ['kills', 'dies', 'removed', 'replaced'] })
  category!: string;

  @ApiProperty({ example: "b-archer dies in turn 1: red's bolt (order.9) dealt 3 damage (3 → 0 HP)" })
  sentence!: string;

  @ApiProperty({ type: [StoryEntryDto], description: 'Why: the chain from what a player did to the death.' })
  because!: StoryEntryDto[];
}

export class MinionStoryResponseDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({ example: 'b-archer' })
  minionId!: string;

  @ApiProperty({ nullable: true, example: 'blue' })
  owner!: string | null;

  @ApiProperty({ type: [StoryEntryDto], description: 'What happened to it (and what it did), in order.' })
  entries!: StoryEntryDto[];

  @ApiProperty({ nullable: true, type: 'integer', description: 'The `from` of the entries left out (null: none).' })
  next!: number | null;

  @ApiProperty({ type: MinionDeathDto, nullable: true })
  died!: MinionDeathDto | null;

  @ApiProperty({ example: "b-archer (blue): b-archer dies in turn 1: red's bolt (order.9) dealt 3 damage (3 → 0 HP)" })
  summary!: string;
}
