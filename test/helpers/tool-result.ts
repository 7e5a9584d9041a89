/** A tool call's result as tests read it: the error flag, the structured result, and the first text block. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface CallOutcome {
  isError: boolean;
  data: any;
  text: string;
}

export const outcome = (result: CallToolResult): CallOutcome => ({
  isError: result.isError === true,
  data: result.structuredContent as any,
  text: (result.content[0] as { text: string }).text,
});
