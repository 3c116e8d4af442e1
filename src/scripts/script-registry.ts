import { matchesScript, type ScriptMatchInput } from './match-script.ts';
import { parseScriptRule, type ScriptRule, type ScriptRuleInput } from './script-rule.ts';

/** A rule added to a gateway; `remove()` takes it out. */
export interface ScriptHandle {
  readonly id: string;
  /** Uses left; undefined means unlimited. */
  remaining(): number | undefined;
  /** Remove the rule; false when it was already gone. */
  remove(): boolean;
}

/** A listed rule. */
export interface ScriptEntry {
  id: string;
  rule: ScriptRule;
  /** Uses left; undefined means unlimited. */
  remaining: number | undefined;
  /** Given at creation (survives reset) or added at run time (cleared by reset). */
  persistent: boolean;
}

/** The scripted replies of one gateway, in order: first match wins. */
export interface ScriptRegistry {
  add(rule: ScriptRuleInput | ScriptRule, options?: { persistent?: boolean }): ScriptHandle;
  /** The first rule that matches and has uses left; one use is taken. */
  take(input: ScriptMatchInput): ScriptRule | undefined;
  list(): ScriptEntry[];
  remove(id: string): boolean;
  /** Control reset: drop run-time rules; creation-time rules get their `times` back. */
  reset(): void;
}

interface Slot {
  id: string;
  rule: ScriptRule;
  remaining: number | undefined;
  persistent: boolean;
}

/**
 * Create a registry. Rules given here are persistent (they survive `reset()`, with their
 * `times` restored); rules added later are cleared by it.
 *
 * @example
 * const scripts = createScriptRegistry([{ match: { input: 'hello' }, reply: { type: 'text', text: 'Hi!' } }]);
 */
export function createScriptRegistry(initial: ReadonlyArray<ScriptRuleInput | ScriptRule> = []): ScriptRegistry {
  let slots: Slot[] = [];
  let counter = 0;

  const registry: ScriptRegistry = {
    add(input, options = {}) {
      const rule = parseScriptRule(input);
      const id = rule.id ?? `script-${++counter}`;
      if (slots.some((s) => s.id === id)) throw new TypeError(`Invalid script: id "${id}" is already in use`);
      const slot: Slot = { id, rule, remaining: rule.times, persistent: options.persistent === true };
      slots.push(slot);
      return {
        id,
        remaining: () => (slots.includes(slot) ? slot.remaining : 0),
        remove: () => registry.remove(id),
      };
    },
    take(input) {
      for (const slot of slots) {
        if (slot.remaining === 0 || !matchesScript(slot.rule, input)) continue;
        if (slot.remaining !== undefined) slot.remaining--;
        return slot.rule;
      }
      return undefined;
    },
    list: () => slots.map((s) => ({ id: s.id, rule: s.rule, remaining: s.remaining, persistent: s.persistent })),
    remove(id) {
      const before = slots.length;
      slots = slots.filter((s) => s.id !== id);
      return slots.length !== before;
    },
    reset() {
      slots = slots.filter((s) => s.persistent);
      for (const s of slots) s.remaining = s.rule.times;
    },
  };
  initial.forEach((rule, index) => {
    try {
      registry.add(rule, { persistent: true });
    } catch (e) {
      throw new TypeError(`${(e as Error).message.replace(/^Invalid script: /, `Invalid scripts[${index}]: `)}`);
    }
  });
  return registry;
}
