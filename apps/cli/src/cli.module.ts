import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { CLI_COMMANDS } from './cli-commands';
import { CliProgram } from './cli-program';

/** The `sanctum` command line as a Nest application context (nest-commander discovers the commands). */
@Module({})
export class CliModule {
  /**
   * The context for one command line: with the command it names only, when its first word names one; with every
   * command otherwise (`sanctum --help` lists them all, an unknown name is told the ones there are).
   */
  static async forArguments(args: readonly string[]): Promise<DynamicModule> {
    const named = CLI_COMMANDS.get(args[0] ?? '');
    const loads = named ? [named] : [...CLI_COMMANDS.values()];
    const providers = new Set<Provider>((await Promise.all(loads.map((load) => load()))).flat());
    return { module: CliModule, providers: [CliProgram, ...providers] };
  }
}
