import { ApiProperty } from '@nestjs/swagger';

export class RuleSourceDto {
  @ApiProperty({ example: 'The Damage Pipeline (types of damage, the "Takes Damage" pipeline)' })
  page!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'v2.10 (2005)' })
  version!: string | null;
}

export class RuleEntryResponseDto {
  @ApiProperty({ example: 'D2' })
  id!: string;

  @ApiProperty({ example: 'Armor soaks' })
  title!: string;

  @ApiProperty({
    example: 'The damage left and the minion’s current armor wear each other down, one point against one…',
  })
  statement!: string;

  @ApiProperty({ type: [RuleSourceDto] })
  sources!: RuleSourceDto[];

  @ApiProperty({
    required: false,
    description: 'Where the pages are silent: the project’s choice, and the RULES_OPTIONS key holding it.',
  })
  assumption?: string;
}

export class RulesReferenceResponseDto {
  @ApiProperty({ type: [RuleEntryResponseDto] })
  rules!: RuleEntryResponseDto[];
}
