/** Schema pieces the project and adr tools share. */
import { Type } from '../../sdk/index.js';

/** conversationContext, with what each tool does with it: see conversation.ts. */
export { ConversationContext } from './conversation.js';

export const ProjectPath = (description = 'Project folder inside the workspace; defaults to the workspace root.') =>
  Type.Optional(Type.String({ description }));
