/**
 * One vocabulary: a parameter name used by several tools takes the same values in each. Where
 * the tool surface spec fixes different enums for one name (the advertised enum must stay the
 * spec's, test/contract.test.ts), a tool accepts its neighbours' values too (sdk/enum-alternatives.ts)
 * and maps them itself. The differences left are listed below, each with why.
 */
import { describe, expect, it } from 'vitest';
import { builtPacks } from '../../core/plugins/catalog.js';
import { alternativesOf } from '../../sdk/enum-alternatives.js';
import { startTestToolpack } from '../../sdk/testing.js';

/**
 * Names whose value sets differ on purpose. Same word, different things: a tool's verbs
 * (operation, action, analysisType, validationType), the file or report formats each tool
 * writes (format, outputFormat), and the sitemap protocol's changefreq values beside the
 * freshness tool's age bands (updateFrequency). Two are one concept with a value the spec
 * gives one tool only, left for their packs to map: maskingLevel ("paranoid" of
 * generate_content_masking) and depth ("deep" of analyze_repository).
 */
const DIFFERENT_ON_PURPOSE: Readonly<Record<string, string>> = {
  operation: 'each tool its own verbs',
  action: 'each tool its own verbs',
  analysisType: 'each tool its own analyses',
  validationType: 'each tool its own checks',
  format: 'rule set json|yaml vs export json|csv',
  outputFormat: 'each tool renders its own formats',
  updateFrequency: 'freshness age bands vs sitemap changefreq',
  maskingLevel: 'spec gives "paranoid" to generate_content_masking only',
  depth: 'spec gives "deep" to analyze_repository only',
};

interface Use {
  tool: string;
  type: unknown;
  /** Null: any string. */
  accepts: Set<string> | null;
  advertised: string[] | null;
}

describe('one vocabulary across tools', async () => {
  const kernel = await startTestToolpack({ config: { plugins: builtPacks().map((p) => p.id) } });
  const byName = new Map<string, Use[]>();
  for (const tool of kernel.registry.listing()) {
    const properties = (tool.inputSchema as { properties?: Record<string, { type?: unknown; enum?: string[] }> }).properties ?? {};
    const definition = kernel.registry.get(tool.name)!.definition.input as { properties: Record<string, unknown> };
    for (const [name, property] of Object.entries(properties)) {
      const accepts = property.enum ? new Set([...property.enum, ...alternativesOf(definition.properties[name])]) : null;
      byName.set(name, [...(byName.get(name) ?? []), { tool: tool.name, type: property.type, accepts, advertised: property.enum ?? null }]);
    }
  }
  await kernel.stop();
  const shared = [...byName].filter(([, uses]) => uses.length > 1);

  it('finds the parameter names several tools share', () => {
    const names = shared.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['project_type', 'target_audience', 'readme_path', 'ssg', 'depth']));
  });

  it.each(shared.map(([name, uses]) => [name, uses] as const))('%s has one type everywhere', (_, uses) => {
    expect(new Set(uses.map((u) => JSON.stringify(u.type))).size).toBe(1);
  });

  it.each(shared.filter(([name]) => !(name in DIFFERENT_ON_PURPOSE)).map(([name, uses]) => [name, uses] as const))(
    '%s: every tool accepts every value any tool advertises',
    (_, uses) => {
      const union = new Set(uses.flatMap((u) => u.advertised ?? []));
      for (const use of uses) {
        if (use.accepts === null) continue; // a free string takes them all
        const missing = [...union].filter((value) => !use.accepts!.has(value));
        expect(missing, `${use.tool} refuses`).toEqual([]);
      }
    },
  );

  it('keeps the allow-list honest: each entry is a shared name whose value sets still differ', () => {
    for (const name of Object.keys(DIFFERENT_ON_PURPOSE)) {
      const uses = byName.get(name) ?? [];
      expect(uses.length, name).toBeGreaterThan(1);
      const union = new Set(uses.flatMap((u) => u.advertised ?? []));
      expect(uses.some((u) => u.accepts !== null && [...union].some((v) => !u.accepts!.has(v))), name).toBe(true);
    }
  });
});
