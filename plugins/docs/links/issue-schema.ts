/** The output schema of one reported link problem (check_documentation_links and validate_content). */
import { Type } from '../../../sdk/index.js';

export const LinkIssueSchema = Type.Object({
  file: Type.String(),
  line: Type.Integer(),
  column: Type.Integer(),
  url: Type.String(),
  kind: Type.String({ description: 'broken-link, broken-anchor, missing-image, undefined-reference, outside-workspace, external-broken, external-unverified.' }),
  via: Type.String({ description: 'link, image, reference, undefined-reference or html.' }),
  severity: Type.String({ description: 'error or warning.' }),
  message: Type.String(),
  suggestion: Type.Optional(Type.String({ description: 'The corrected link when the fix is obvious.' })),
  status: Type.Optional(Type.Integer()),
  definitionLine: Type.Optional(Type.Integer()),
  uses: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer() }))),
});

/** Issues listed at most; totals are always complete. */
export const MAX_LISTED = 200;
