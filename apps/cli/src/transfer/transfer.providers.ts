import { ExportCommand } from './export.command';
import { ImportCommand } from './import.command';

/** What the CLI module registers for `sanctum export` and `sanctum import`. */
export const TRANSFER_PROVIDERS = [ExportCommand, ImportCommand];
