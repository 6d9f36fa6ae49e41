import { Module } from '@nestjs/common';
import { CliProgram } from './cli-program';
import { ScenarioFileReader } from './scenario-file.reader';
import { SimulateCommand } from './simulate.command';

/** The `sanctum` command line as a Nest application context (nest-commander discovers the commands). */
@Module({
  providers: [CliProgram, ScenarioFileReader, SimulateCommand],
})
export class CliModule {}
