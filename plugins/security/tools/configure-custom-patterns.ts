import { Params, Type, defineTool } from '../../../sdk/index.js';
import { discoverCustomPatterns } from '../engine/custom-pattern-discovery.js';
import { LIMITS } from '../engine/limits.js';
import { checkPatternCount, compileUserPattern } from '../engine/user-patterns.js';
import type { SecurityScanner } from '../scanner-service.js';
import { PATTERN_LIMITS } from './limit-notes.js';

export const configureCustomPatternsTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'configure_custom_patterns',
    title: 'Configure custom secret patterns',
    description:
      'Learn a project\'s own secret shapes (keys in .env.example and config files, internal token formats) and save them as custom rules every later analysis and masking in this workspace uses. Run it once per project, and again after adding secrets.',
    input: Params({
      projectPath: Type.String({ maxLength: 4096, description: 'Project folder to learn from, relative to the workspace root.' }),
      existingPatterns: Type.Optional(Type.Array(Type.String(), { description: `Your own regexes, saved with the learned rules. ${PATTERN_LIMITS}` })),
    }),
    output: Type.Object({
      summary: Type.String(),
      projectPath: Type.String(),
      filesScanned: Type.Integer(),
      saved: Type.Array(Type.Object({ id: Type.String(), pattern: Type.String(), severity: Type.String(), description: Type.String(), source: Type.String() })),
      totalCustomRules: Type.Integer({ description: 'Custom rules now saved for this workspace.' }),
      storedIn: Type.String(),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ projectPath, existingPatterns }, { workspace }) {
      checkPatternCount(existingPatterns, 'existingPatterns');
      (existingPatterns ?? []).forEach((pattern, i) => compileUserPattern(pattern, `existingPatterns[${i}]`)); // refuse before any work
      const root = await workspace.resolve(projectPath, 'projectPath');
      const { proposals, filesScanned } = await discoverCustomPatterns(root);
      const given = (existingPatterns ?? []).map((pattern, i) => ({
        id: `custom-existing-${i + 1}`,
        pattern,
        severity: 'high' as const,
        description: `Pattern supplied in existingPatterns[${i}]`,
        source: 'existingPatterns',
      }));
      // A learned pattern comes from the project's files: one RE2 refuses is left out, not an error of the
      // call; and at most LIMITS.learnedRules are kept, as every later scan runs each saved rule.
      const usable = proposals.filter((rule) => {
        try {
          compileUserPattern(rule.pattern, `proposed rule ${rule.id}`);
          return true;
        } catch {
          return false;
        }
      });
      const learned = usable.slice(0, LIMITS.learnedRules);
      // Ids are made unique against the rules already saved: saving again updates, never writes over another rule.
      const saved = await scanner.saveCustomRules([...learned, ...given]);
      const total = (await scanner.customRules()).length;
      const message = saved.length
          ? `Saved ${saved.length} custom rule(s)${usable.length > learned.length ? ` (${usable.length - learned.length} more learned ones left out: at most ${LIMITS.learnedRules} per call)` : ''}; analyze_content_security and the masking tools now use ${total} custom rule(s) in this workspace.`
          : `No project-specific secret shapes found in ${filesScanned} file(s); nothing saved.`;
      return {
        summary: message,
        projectPath: workspace.relative(root),
        filesScanned,
        saved,
        totalCustomRules: total,
        storedIn: 'the workspace store (table security_custom_rules)',
        message,
      };
    },
  });
