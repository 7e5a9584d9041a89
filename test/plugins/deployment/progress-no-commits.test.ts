/**
 * analyze_deployment_progress in a git repository that has no commit yet: no
 * "bad revision 'HEAD'" InternalError; an analysis that needs the history says
 * so (a ValidationError naming projectPath), the others answer without git
 * (issue 25 item 8).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient } from '../../security/helpers.js';

describe('analyze_deployment_progress in a repository without commits', () => {
  it('answers each analysis type without a git error: the history is absent, or needed and said so', async () => {
    const ws = createWorkspace({ 'package.json': '{ "name": "fresh", "version": "0.1.0" }\n' });
    execFileSync('git', ['init', '-q', '-b', 'main', ws.dir]);
    const client = await inProcessClient(ws.dir);
    for (const analysisType of ['pre_deployment', 'deployment_status', 'post_deployment', 'rollback_analysis']) {
      const result = await client.call('analyze_deployment_progress', { analysisType, targetEnvironment: 'production' });
      expect(JSON.stringify(result.data)).not.toMatch(/bad revision/);
      if (result.isError) {
        // An analysis that reads the history says what it needs.
        expect((result.data as { error: { type: string } }).error.type, result.text).toBe('ValidationError');
        expect(result.text).toMatch(/parameter "projectPath": expected a folder in a git repository with at least one commit/);
      } else {
        expect((result.data as { git: { repository: boolean } }).git.repository).toBe(false);
      }
    }
  }, 90_000);
});
