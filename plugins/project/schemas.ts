/** Schema pieces the project and adr tools share. */
import { Type } from '../../sdk/index.js';

/** Free-form context from the conversation (the user's goal, constraints); recorded, never required. */
export const ConversationContext = Type.Optional(
  Type.Object({}, { additionalProperties: true, description: 'Free-form context from the conversation (goals, constraints, focus areas); optional, used to focus the result.' }),
);

export const ProjectPath = (description = 'Project folder to analyse, inside the workspace; defaults to the workspace root.') =>
  Type.Optional(Type.String({ description }));
