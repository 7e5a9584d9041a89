/**
 * manage_preferences: get, update, reset, export, import a user's preferences, or suggestions
 * from the recorded history (logic in analytics/preference*.ts). Each caller works on their own
 * preferences; only an admin may name another user (analytics/preference-owner.ts).
 */
import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import type { MemoryDeps } from '../deps.js';
import { DIATAXIS_CATEGORIES, DOCUMENTATION_STYLES, EXPERTISE_LEVELS, parsePreferencesJson } from '../analytics/preference-fields.js';
import { recommendPreferences } from '../analytics/preference-recommendations.js';
import { createPreferenceStore } from '../analytics/preferences.js';
import { OWN_PREFERENCES, preferenceOwner } from '../analytics/preference-owner.js';

const ACTIONS = ['get', 'update', 'reset', 'export', 'import', 'recommendations'] as const;

const PreferencesSchema = Type.Object({
  preferredSSGs: Type.Array(Type.String()),
  documentationStyle: StringEnum(DOCUMENTATION_STYLES),
  expertiseLevel: StringEnum(EXPERTISE_LEVELS),
  preferredTechnologies: Type.Array(Type.String()),
  preferredDiataxisCategories: Type.Array(StringEnum(DIATAXIS_CATEGORIES)),
  autoApplyPreferences: Type.Boolean(),
});

export const managePreferencesTool = (deps: MemoryDeps) => {
  const preferences = createPreferenceStore(deps.store);
  return defineTool({
    name: 'manage_preferences',
    title: 'Manage preferences',
    description:
      'Get, update, reset, export or import your documentation preferences, or suggestions from recorded deployments. recommend_ssg uses them when autoApplyPreferences is on. Preferences are per caller; recorded analyses are shared by the workspace.',
    input: Params({
      action: StringEnum(ACTIONS, { description: 'update merges preferences; import reads json.' }),
      userId: Type.Optional(
        Type.String({ default: OWN_PREFERENCES, minLength: 1, maxLength: 200, description: 'Whose preferences: "default" (or omitted) is yours; naming another user needs an admin token.' }),
      ),
      preferences: Type.Optional(
        Type.Object({}, {
          additionalProperties: true,
          description:
            'Fields to change: preferredSSGs, preferredTechnologies (names); documentationStyle minimal|comprehensive|tutorial-heavy; expertiseLevel beginner|intermediate|advanced; preferredDiataxisCategories tutorials|how-to|reference|explanation; autoApplyPreferences.',
        }),
      ),
      json: Type.Optional(Type.String({ description: 'For import: what export returned.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      action: StringEnum(ACTIONS),
      userId: Type.String(),
      preferences: PreferencesSchema,
      isDefault: Type.Boolean(),
      json: Type.Optional(Type.String({ description: 'export: the preferences as JSON, ready for import.' })),
      recommendations: Type.Optional(
        Type.Array(
          Type.Object({
            field: StringEnum(['preferredSSGs', 'preferredTechnologies'] as const),
            value: Type.String(),
            reason: Type.String(),
            evidence: Type.Object({
              succeeded: Type.Optional(Type.Integer()),
              failed: Type.Optional(Type.Integer()),
              configured: Type.Optional(Type.Integer()),
              successRate: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
              projects: Type.Integer(),
            }),
            alreadyPreferred: Type.Boolean(),
          }),
        ),
      ),
      basis: Type.Optional(Type.Object({ deployments: Type.Integer(), analyses: Type.Integer(), projects: Type.Integer() }, { description: 'recommendations: what the suggestions were computed from (the workspace history; records carry no user).' })),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler({ action, userId: named, preferences: changes, json }, { caller }) {
      const userId = preferenceOwner(named, caller);
      switch (action) {
        case 'update': {
          if (changes === undefined) throw new ValidationError('parameter "preferences" is required when action is "update" (expected the fields to change)', { parameter: 'preferences' });
          const saved = await preferences.update(userId, changes, 'preferences');
          return { summary: `Updated ${Object.keys(changes).join(', ') || 'nothing'} for ${userId}.`, action, userId, preferences: saved, isDefault: false };
        }
        case 'reset':
          return { summary: `Preferences of ${userId} reset to the defaults.`, action, userId, preferences: await preferences.reset(userId), isDefault: true };
        case 'import': {
          if (json === undefined) throw new ValidationError('parameter "json" is required when action is "import" (expected the JSON export returned)', { parameter: 'json' });
          const saved = await preferences.save(userId, parsePreferencesJson(json, 'json'));
          return { summary: `Imported preferences for ${userId}.`, action, userId, preferences: saved, isDefault: false };
        }
        case 'export': {
          const current = await preferences.get(userId);
          const isDefault = !(await preferences.has(userId));
          return { summary: `Preferences of ${userId} as JSON${isDefault ? ' (defaults: none saved)' : ''}.`, action, userId, preferences: current, isDefault, json: JSON.stringify({ userId, preferences: current }, null, 2) };
        }
        case 'recommendations': {
          const current = await preferences.get(userId);
          const isDefault = !(await preferences.has(userId));
          const { recommendations, basis } = await recommendPreferences(deps.store, current);
          const summary =
            recommendations.length === 0
              ? `No recommendation: ${basis.deployments === 0 && basis.analyses === 0 ? 'nothing recorded yet' : 'no proven deployment or analysed technology to go on'}.`
              : `${recommendations.length} suggestion(s) from ${basis.deployments} deployment record(s) and ${basis.projects} analysed project(s).`;
          return { summary, action, userId, preferences: current, isDefault, recommendations, basis };
        }
        default: {
          const isDefault = !(await preferences.has(userId));
          return { summary: isDefault ? `No saved preferences for ${userId}: the defaults.` : `Preferences of ${userId}.`, action, userId, preferences: await preferences.get(userId), isDefault };
        }
      }
    },
  });
};
