/**
 * The implementation behind the `security.rules` extension point. The pack's
 * own rule files and third-party modules add rules through the same `addRule`,
 * with the same checks: a kebab-case id, a RegExp pattern, an id nobody took.
 * The built-in rules are told apart by identity for one reason only: the scan
 * worker imports them itself, so only the others travel to it as data.
 */
import { ContributionConflictError } from '../../sdk/index.js';
import type { SecurityRule, SecurityRulesExtension } from './rules/types.js';

const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface RuleRegistry extends SecurityRulesExtension {
  /** Returns how to take the rule back (the kernel does when the module that added it is skipped). */
  addRule(rule: SecurityRule): () => void;
  /** The pack's own rules (those in `builtinRules`), in the order they were added. */
  readonly builtin: readonly SecurityRule[];
  /** Every other rule (added by modules), in the order they were added. */
  readonly added: readonly SecurityRule[];
}

/** `builtinRules`: the rules the scan worker loads itself (rules/index.ts's BUILTIN_RULES). */
export function createRuleRegistry(builtinRules: readonly SecurityRule[]): RuleRegistry {
  const own = new Set(builtinRules);
  const builtin: SecurityRule[] = [];
  const added: SecurityRule[] = [];
  const ids = new Set<string>();
  return {
    builtin,
    added,
    addRule(rule) {
      if (!rule || typeof rule !== 'object' || typeof rule.id !== 'string' || !RULE_ID.test(rule.id) || !(rule.pattern instanceof RegExp)) {
        throw new TypeError(`security rule "${String(rule?.id)}" needs a kebab-case id and a RegExp pattern`);
      }
      if (ids.has(rule.id)) {
        const by = builtin.some((r) => r.id === rule.id) ? 'a built-in rule' : 'an earlier contribution';
        throw new ContributionConflictError(`security rule "${rule.id}" is already registered (${by} has that id)`);
      }
      ids.add(rule.id);
      const list = own.has(rule) ? builtin : added;
      list.push(rule);
      return () => {
        const at = list.indexOf(rule);
        if (at === -1) return;
        list.splice(at, 1);
        ids.delete(rule.id);
      };
    },
  };
}
