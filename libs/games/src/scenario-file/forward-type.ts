/**
 * The effects vocabulary is recursive: a trigger's action can create minions (replaceMinion, replaceGroup,
 * summon) whose traits are triggers again. Importing both ways would make a file cycle (forbidden by the layer
 * rules), so the minion template refers to the trigger DTO by name, and the trigger DTO registers itself here.
 */
const registry = new Map<string, new () => object>();

export function RegisterDto(name: string): ClassDecorator {
  return (target) => {
    registry.set(name, target as unknown as new () => object);
  };
}

/** A `@Type` function for a DTO registered under `name` (resolved when a file is parsed, not when imported). */
export function forwardType(name: string): () => new () => object {
  return () => {
    const dto = registry.get(name);
    if (dto === undefined) throw new Error(`DTO ${name} is not registered: import its file before parsing`);
    return dto;
  };
}
