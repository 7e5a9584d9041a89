/**
 * ACME's pack: one tool, `audit_acme_config`, built on kernel services (the
 * workspace for confined reads, the logger) and on another pack's service
 * (the security scanner, reached through `toolpack/packs/security` and
 * declared in `dependsOn`). With the token rule module loaded, the scanner
 * knows ACME's token format too.
 */
import { Params, Type, coreServices, definePlugin, defineTool, type Logger, type Workspace } from 'toolpack/sdk';
import { securityScannerRef, type SecurityScanner } from 'toolpack/packs/security';

const Finding = Type.Object({
  rule: Type.String({ description: 'Id of the rule that matched, e.g. "acme-service-token".' }),
  severity: Type.String({ description: 'low, medium, high or critical.' }),
  line: Type.Integer({ description: 'Line of the finding, from 1.' }),
});

const auditTool = (scanner: SecurityScanner, workspace: Workspace, logger: Logger) =>
  defineTool({
    name: 'audit_acme_config',
    title: 'Audit an ACME config file',
    description: 'Check an ACME service config file in the workspace for secrets written in clear, such as ACME service tokens. Use it before committing a config.',
    input: Params({ path: Type.String({ description: 'Config file, relative to the workspace root.', default: 'acme.yaml' }) }),
    output: Type.Object({
      path: Type.String(),
      clean: Type.Boolean(),
      findings: Type.Array(Finding),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ path }) {
      const text = await workspace.readText(path, { param: 'path', maxBytes: 1024 * 1024 });
      const findings = scanner
        .scan(text, { contentType: 'configuration' })
        .findings.map((f) => ({ rule: f.rule.id, severity: f.rule.severity, line: f.line }));
      logger.debug({ path, findings: findings.length }, 'audited');
      return { path, clean: findings.length === 0, findings };
    },
  });

export const acmePack = definePlugin({
  id: 'acme',
  version: '1.0.0',
  kernel: '^0.1.0',
  description: 'ACME conventions: config audits, service token detection, Zola sites.',
  dependsOn: ['security'],
  register(env) {
    env.registerInit({
      deps: { scanner: securityScannerRef, workspace: coreServices.workspace, logger: coreServices.logger },
      init: ({ scanner, workspace, logger }) => ({ tools: [auditTool(scanner, workspace, logger)] }),
    });
  },
});
