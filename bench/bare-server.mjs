// Baseline: the cheapest possible SDK server serving the same tool list as toolpack.
// The list is read from a JSON file (argv[2]) written by startup.mjs, so both servers
// send byte-for-byte the same tools/list payload and the comparison tracks pack growth.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const tools = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = new Server({ name: 'bare-bench', version: '0.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
// Only start-up is benchmarked; calls are deliberately not implemented.
server.setRequestHandler(CallToolRequestSchema, async () => ({
  isError: true,
  content: [{ type: 'text', text: 'bare benchmark server: tools/call not implemented' }],
}));
await server.connect(new StdioServerTransport());
