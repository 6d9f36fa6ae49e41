import { ApiProperty } from '@nestjs/swagger';

class MoveDamageDto {
  @ApiProperty({ example: 'b-archer' })
  minionId!: string;

  @ApiProperty({ example: 3 })
  amount!: number;
}

export class MoveLineDto {
  @ApiProperty({
    enum: [
      'setup',
      'turn-start',
      'cast',
      'attack',
      'discard',
      'hidden',
      'confirmation',
      'collection',
      'resignation',
      'ruling',
      'end',
    ],
  })
  kind!: string;

  @ApiProperty({
    enum: ['red', 'blue'],
    nullable: true,
    description: 'Who gave it (null: the game, the scheduler, the organiser, or a hidden order).',
  })
  player!: string | null;

  @ApiProperty({ example: 'red: bolt → b-archer' })
  text!: string;

  @ApiProperty({ nullable: true, example: 'order.9' })
  orderId!: string | null;

  @ApiProperty({
    enum: ['pending', 'resolved', 'active', 'squandered', 'executed', 'fizzled', 'discarded', 'cancelled'],
    nullable: true,
  })
  outcome!: string | null;

  @ApiProperty({ nullable: true, example: 'the target is dead', description: 'Why it squandered or fizzled.' })
  reason!: string | null;

  @ApiProperty({ nullable: true, example: 17, description: 'The revision that made the reason true.' })
  because!: number | null;

  @ApiProperty({ type: [MoveDamageDto], description: 'Damage dealt, per minion.' })
  damage!: MoveDamageDto[];

  @ApiProperty({ type: [String], example: ['b-archer'], description: 'Minions it killed, removed or replaced.' })
  deaths!: string[];

  @ApiProperty({ type: [Number], description: 'The events it produced, in order.' })
  revisions!: number[];
}

export class TurnMovesDto {
  @ApiProperty({ example: 1, description: '0: the set-up.' })
  turn!: number;

  @ApiProperty()
  from!: number;

  @ApiProperty()
  to!: number;

  @ApiProperty({ type: [MoveLineDto] })
  lines!: MoveLineDto[];
}

export class GameMovesResponseDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({ description: 'The game’s last revision when read.' })
  revision!: number;

  @ApiProperty({ description: 'The game’s last turn so far.' })
  lastTurn!: number;

  @ApiProperty({ type: [TurnMovesDto] })
  turns!: TurnMovesDto[];

  @ApiProperty({ nullable: true, type: 'integer', description: 'The next page’s first turn (null: none).' })
  next!: number | null;

  @ApiProperty({ nullable: true, type: 'integer', description: 'The previous page’s first turn (null: none).' })
  previous!: number | null;
}
