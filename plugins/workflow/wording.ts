/**
 * Optional rewording of a summary by the client's model (MCP sampling). The
 * computed summary is the default; the data never goes through the model, and
 * any failure keeps the computed text.
 */
import type { ToolContext } from '../../sdk/index.js';

export async function reword(context: ToolContext, summary: string): Promise<{ summary: string; wording: 'deterministic' | 'ai' }> {
  if (!context.ai.available()) return { summary, wording: 'deterministic' };
  try {
    const { text } = await context.ai.complete({
      system: 'Rewrite the text for a developer: same facts, same file names, commands and numbers, clearer. Answer with the text only.',
      prompt: summary,
      maxTokens: 400,
      signal: context.signal,
    });
    const clean = text.trim();
    return clean ? { summary: clean, wording: 'ai' } : { summary, wording: 'deterministic' };
  } catch {
    return { summary, wording: 'deterministic' };
  }
}
