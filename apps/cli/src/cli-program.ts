import { Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { Command as Program } from 'commander';
import { InjectCommander } from 'nest-commander';

/**
 * Names the program and makes commander throw instead of calling process.exit on a usage error, for the root
 * and every command (commands built by nest-commander do not inherit it): main.ts then picks the exit code, so
 * a usage error never passes for a rejected order (1). Stray arguments are usage errors too.
 */
@Injectable()
export class CliProgram implements OnApplicationBootstrap {
  constructor(@InjectCommander() private readonly program: Program) {}

  onApplicationBootstrap(): void {
    this.program.name('sanctum').description('Sanctum Chronicle: simulate games by the rules of Sanctum');
    const strict = (command: Program): void => {
      command.exitOverride().allowExcessArguments(false);
      command.commands.forEach(strict);
    };
    strict(this.program);
  }
}
