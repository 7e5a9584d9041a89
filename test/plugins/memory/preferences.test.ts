/**
 * manage_preferences: defaults, validated updates that merge, reset, export/import round trip,
 * errors naming the field, per-user isolation, and recommendations from recorded history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreferenceStore } from '../../../plugins/memory/analytics/preferences.js';
import { MEMORY_SEARCH } from '../../../plugins/memory/store-schema.js';
import { searchText } from '../../../sdk/index.js';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';

const DEFAULTS = {
  preferredSSGs: [],
  documentationStyle: 'comprehensive',
  expertiseLevel: 'intermediate',
  preferredTechnologies: [],
  preferredDiataxisCategories: ['tutorials', 'how-to', 'reference', 'explanation'],
  autoApplyPreferences: false,
};

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`manage_preferences on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit;
    beforeAll(async () => {
      kit = await startKit(engine);
    }, 120_000);
    afterAll(async () => kit?.stop());

    it('gives the documented defaults to a user who saved nothing', async () => {
      const { isError, data } = await kit.call('manage_preferences', { action: 'get' });
      expect(isError).toBe(false);
      expect(data).toMatchObject({ userId: 'default', isDefault: true, preferences: DEFAULTS });
    });

    it('merges a validated update and keeps it for that user only', async () => {
      const { data } = await kit.call('manage_preferences', {
        action: 'update',
        userId: 'alice',
        preferences: { documentationStyle: 'tutorial-heavy', preferredSSGs: ['Hugo', ' hugo', 'MkDocs'], autoApplyPreferences: true },
      });
      expect(data.preferences).toEqual({ ...DEFAULTS, documentationStyle: 'tutorial-heavy', preferredSSGs: ['Hugo', 'MkDocs'], autoApplyPreferences: true });
      const second = await kit.call('manage_preferences', { action: 'update', userId: 'alice', preferences: { expertiseLevel: 'advanced' } });
      expect(second.data.preferences).toMatchObject({ documentationStyle: 'tutorial-heavy', expertiseLevel: 'advanced', preferredSSGs: ['Hugo', 'MkDocs'] });
      // The service other packs read sees the same.
      expect(await createPreferenceStore(kit.store).get('alice')).toEqual(second.data.preferences);
      expect((await kit.call('manage_preferences', { action: 'get' })).data.isDefault).toBe(true);
    });

    it('refuses invalid fields, naming each, and changes nothing', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ documentationStyle: 'verbose' }, 'preferences.documentationStyle'],
        [{ expertiseLevel: 3 }, 'preferences.expertiseLevel'],
        [{ preferredDiataxisCategories: ['tutorials', 'guides'] }, 'preferences.preferredDiataxisCategories[1]'],
        [{ preferredSSGs: 'hugo' }, 'preferences.preferredSSGs'],
        [{ autoApplyPreferences: 'yes' }, 'preferences.autoApplyPreferences'],
        [{ theme: 'dark' }, 'preferences.theme'],
      ];
      for (const [preferences, field] of cases) {
        const { isError, data, text } = await kit.call('manage_preferences', { action: 'update', userId: 'alice', preferences });
        expect(isError).toBe(true);
        expect(data.error.type).toBe('ValidationError');
        expect(text).toContain(`"${field}"`);
      }
      expect((await kit.call('manage_preferences', { action: 'get', userId: 'alice' })).data.preferences.expertiseLevel).toBe('advanced');
      const none = await kit.call('manage_preferences', { action: 'update', userId: 'alice' });
      expect(none.text).toMatch(/"preferences"/);
    });

    it('exports, resets and imports back the same preferences', async () => {
      const exported = await kit.call('manage_preferences', { action: 'export', userId: 'alice' });
      const json = exported.data.json as string;
      expect(JSON.parse(json)).toEqual({ userId: 'alice', preferences: exported.data.preferences });
      const reset = await kit.call('manage_preferences', { action: 'reset', userId: 'alice' });
      expect(reset.data).toMatchObject({ isDefault: true, preferences: DEFAULTS });
      expect((await kit.call('manage_preferences', { action: 'get', userId: 'alice' })).data.isDefault).toBe(true);
      const imported = await kit.call('manage_preferences', { action: 'import', userId: 'alice', json });
      expect(imported.data.preferences).toEqual(exported.data.preferences);
      // A bare preferences object imports too; fields left out take the defaults.
      const bare = await kit.call('manage_preferences', { action: 'import', userId: 'bob', json: '{"expertiseLevel":"beginner"}' });
      expect(bare.data.preferences).toEqual({ ...DEFAULTS, expertiseLevel: 'beginner' });
    });

    it('refuses an invalid import, naming the field', async () => {
      const broken = await kit.call('manage_preferences', { action: 'import', json: '{"preferences": {' });
      expect(broken.data.error.type).toBe('ValidationError');
      expect(broken.text).toMatch(/"json": not valid JSON/);
      const wrong = await kit.call('manage_preferences', { action: 'import', json: JSON.stringify({ userId: 'x', preferences: { documentationStyle: 'huge' } }) });
      expect(wrong.text).toContain('"json.preferences.documentationStyle"');
      expect((await kit.call('manage_preferences', { action: 'get' })).data.isDefault).toBe(true);
    });

    it('recommends the SSGs with proven deployments and the technologies most used, with the counts', async () => {
      const analysis = (project: string, languages: Record<string, number>, frameworks: string[]) =>
        kit.recorder.recordAnalysis({ tool: 'analyze_repository', project, analysisId: `id-${project}`, summary: project, languages, frameworks, dependencies: [], projectType: 'api', totalFiles: 30 });
      await analysis('services/a', { Python: 9000 }, ['FastAPI']);
      await analysis('services/b', { Python: 7000 }, ['Flask']);
      await analysis('web/c', { TypeScript: 8000 }, ['React']);
      const deploy = (project: string, ssg: string, outcome: 'succeeded' | 'failed' | 'configured', evidence: string) => kit.recorder.recordDeployment({ tool: 'deploy_pages', project, ssg, outcome, evidence });
      await deploy('services/a', 'mkdocs', 'succeeded', 'local-build');
      await deploy('services/b', 'mkdocs', 'succeeded', 'verified-url');
      await deploy('web/c', 'docusaurus', 'succeeded', 'local-build');
      await deploy('web/c', 'docusaurus', 'failed', 'build-error');
      for (const p of ['x', 'y', 'z']) await deploy(`sites/${p}`, 'hugo', 'configured', 'workflow-written');

      await kit.call('manage_preferences', { action: 'update', userId: 'carol', preferences: { preferredSSGs: ['MkDocs'] } });
      const { data } = await kit.call('manage_preferences', { action: 'recommendations', userId: 'carol' });
      const ssgs = data.recommendations.filter((r: { field: string }) => r.field === 'preferredSSGs');
      expect(ssgs.map((r: { value: string }) => r.value)).toEqual(['mkdocs', 'docusaurus']);
      expect(ssgs[0]).toMatchObject({ alreadyPreferred: true, evidence: { succeeded: 2, failed: 0, projects: 2, successRate: 1 } });
      expect(ssgs[1]).toMatchObject({ alreadyPreferred: false, evidence: { succeeded: 1, failed: 1, successRate: 0.5 } });
      const tech = data.recommendations.filter((r: { field: string }) => r.field === 'preferredTechnologies');
      expect(tech[0]).toMatchObject({ value: 'Python', evidence: { projects: 2 } });
      expect(data.basis).toMatchObject({ deployments: 7, projects: 3 });
    });

    it('links the preference node to the SSGs it prefers', async () => {
      await kit.call('manage_preferences', { action: 'update', userId: 'dave', preferences: { preferredSSGs: ['MkDocs', 'Zola'] } });
      const edges = await kit.store.db.selectFrom('memory_edges').select(['to_id']).where('from_id', '=', 'preference:dave').where('type', '=', 'prefers').execute();
      // Only SSGs the graph knows are linked: no invented node for Zola.
      expect(edges.map((e) => e.to_id)).toEqual(['ssg:mkdocs']);
      // Indexed for full-text search in the same transaction.
      const hits = await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'dave zola');
      expect(hits.map((h) => h.key)).toEqual(['preference:dave']);
      await kit.call('manage_preferences', { action: 'reset', userId: 'dave' });
      expect(await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'dave zola')).toEqual([]);
      expect(await kit.store.db.selectFrom('memory_edges').select('to_id').where('from_id', '=', 'preference:dave').execute()).toEqual([]);
    });
  });
}
