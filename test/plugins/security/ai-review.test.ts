/**
 * analyze_content_security with enhancedMode asks the client's model for a
 * review: the model sees the content with its secrets already masked, and the
 * result says the review was AI-assisted. The model is a scripted ai service
 * (startTestToolpack's `services`), so the test needs no MCP client.
 */
import { describe, expect, it } from 'vitest';
import { coreServices, type Ai } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { FAKE } from './fake-secrets.js';

const CONFIG = `# payments service\nSTRIPE_KEY=${FAKE.stripeKey}\nGITHUB_TOKEN=${FAKE.githubToken}\nDEBUG=true\n`;

function scriptedAi(answer: string, available = true) {
  const prompts: string[] = [];
  const ai: Ai = {
    available: () => available,
    client: () => ({ name: 'scripted-client', version: '1.0.0' }),
    complete: async ({ prompt }) => {
      prompts.push(prompt);
      return { text: answer, model: 'scripted-model' };
    },
  };
  return { ai, prompts };
}

describe('analyze_content_security with enhancedMode', () => {
  it('sends the model only masked content and reports an AI-assisted review', async () => {
    const { ai, prompts } = scriptedAi('- DEBUG=true in a production config exposes stack traces.');
    const kernel = await startTestToolpack({ config: { plugins: ['security'] }, services: [[coreServices.ai, ai]] });
    try {
      const result = outcome(await kernel.call('analyze_content_security', { content: CONFIG, contentType: 'configuration', enhancedMode: true }));
      expect(result.isError, result.text).toBe(false);
      expect(result.data).toMatchObject({ analysisMode: 'ai-assisted', aiReview: '- DEBUG=true in a production config exposes stack traces.' });
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toContain('DEBUG=true');
      expect(prompts[0]).not.toContain(FAKE.stripeKey);
      expect(prompts[0]).not.toContain(FAKE.githubToken);
    } finally {
      await kernel.stop();
    }
  });

  it('stays deterministic when the client offers no model', async () => {
    const { ai, prompts } = scriptedAi('unused', false);
    const kernel = await startTestToolpack({ config: { plugins: ['security'] }, services: [[coreServices.ai, ai]] });
    try {
      const result = outcome(await kernel.call('analyze_content_security', { content: CONFIG, enhancedMode: true }));
      expect(result.data.analysisMode).toBe('deterministic');
      expect(result.data).not.toHaveProperty('aiReview');
      expect(prompts).toEqual([]);
    } finally {
      await kernel.stop();
    }
  });
});
