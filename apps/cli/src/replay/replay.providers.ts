import { ReplayCommand } from './replay.command';

/** What the CLI module registers for `sanctum replay`. */
export const REPLAY_PROVIDERS = [ReplayCommand];
