/**
 * MCP sampling through the connected client. There is no model of our own:
 * when the client cannot sample, `available()` is false and tools keep their
 * deterministic result.
 */
import type { Ai } from '../../sdk/services.js';
import { clientOfUserAgent } from './user-agent.js';
import { currentSession } from './session.js';

export function createAi(): Ai {
  const server = () => {
    const s = currentSession()?.server;
    return s && s.getClientCapabilities()?.sampling ? s : null;
  };
  return {
    available: () => server() !== null,
    client() {
      const session = currentSession();
      const info = session?.server?.getClientVersion();
      if (info) return { name: info.name, version: info.version };
      return session?.statelessHttp ? { ...clientOfUserAgent(session.statelessHttp.userAgent), stateless: true } : null;
    },
    async complete({ prompt, system, maxTokens = 1024, signal }) {
      const s = server();
      if (!s) throw new Error('AI sampling is not available: the connected client does not offer MCP sampling');
      const result = await s.createMessage(
        {
          messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
          ...(system ? { systemPrompt: system } : {}),
          maxTokens,
        },
        { signal },
      );
      const content = result.content as { type: string; text?: string };
      return { text: content.type === 'text' ? (content.text ?? '') : '', model: result.model };
    },
  };
}
