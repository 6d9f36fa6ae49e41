import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class OrderLinkDto {
  @ApiProperty({ example: 7 })
  revision!: number;

  @ApiProperty({ example: 'SpellTargeted' })
  type!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'S3' })
  rule!: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  step!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { orderId: 'order.1', player: 'red' } })
  data!: Record<string, unknown>;

  @ApiProperty({ example: 'turn-1/red/0', description: 'The command that placed the order.' })
  commandId!: string;
}

export class ReasonLinkDto {
  @ApiProperty({ example: 19 })
  revision!: number;

  @ApiProperty({ example: 'MinionDied' })
  type!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'E2' })
  rule!: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'E2' })
  step!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { minionId: 'b-archer', category: 'dies' } })
  data!: Record<string, unknown>;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Why that event happened: its own chain (CausationLink), itself first, back to its command.',
  })
  chain!: Record<string, unknown>[];
}

export class CausationLinkDto {
  @ApiProperty({ example: 19 })
  revision!: number;

  @ApiProperty({ example: 'MinionDied' })
  type!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'E2' })
  rule!: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'E2' })
  step!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { minionId: 'b-archer', category: 'dies' } })
  data!: Record<string, unknown>;

  @ApiPropertyOptional({
    type: OrderLinkDto,
    description: 'On a SpellExecuting or AttackExecuting: the order it carries out.',
  })
  order?: OrderLinkDto;

  @ApiPropertyOptional({
    type: ReasonLinkDto,
    description:
      'On a SpellSquandered or an AttackFizzled: the event that made its reason true (`data.reasonEventId`, e.g. the ' +
      'MinionDied that made the target dead), with its own chain. `causationId` stays the execution.',
  })
  because?: ReasonLinkDto;
}

export class CausingCommandDto {
  @ApiProperty({ example: 'turn-1/blue/confirm' })
  commandId!: string;

  @ApiProperty({ example: 'turn-1/blue/confirm' })
  correlationId!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'ConfirmOrders' })
  type!: string | null;
}

export class EventCausationResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 19 })
  revision!: number;

  @ApiProperty({
    type: [CausationLinkDto],
    description: 'From the event back to the first event of its command, following metadata.causationId.',
  })
  chain!: CausationLinkDto[];

  @ApiProperty({ type: CausingCommandDto })
  command!: CausingCommandDto;
}
