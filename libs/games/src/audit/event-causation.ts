/** One event of a causation chain, as `GET /games/:id/events/:revision/why` shows it. */
export interface CausationLink {
  revision: number;
  type: string;
  rule: string | null;
  step: string | null;
  data: unknown;
  /** For a SpellExecuting or AttackExecuting: the order it carries out (its SpellTargeted or AttackOrdered). */
  order?: OrderLink;
  /**
   * For an event that names the event that made its reason true (`data.reasonEventId`: a SpellSquandered, an
   * AttackFizzled): that event, with its own chain back to its command.
   */
  because?: ReasonLink;
}

/** The event behind a squander or a fizzle, and why it happened in turn (its chain, itself first). */
export interface ReasonLink {
  revision: number;
  type: string;
  rule: string | null;
  step: string | null;
  data: unknown;
  chain: CausationLink[];
}

/** The order behind an execution, and the command that placed it. */
export interface OrderLink {
  revision: number;
  type: string;
  rule: string | null;
  step: string | null;
  data: unknown;
  commandId: string;
}

/** Why an event happened: its causes back to the first event of its command, and that command. */
export interface EventCausation {
  gameId: string;
  revision: number;
  /** From the event itself back to the first event of its command. */
  chain: CausationLink[];
  command: {
    commandId: string;
    correlationId: string;
    /** The command the chain's last event records, when it is an input event (`ConfirmOrders`…). */
    type: string | null;
  };
}
