import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import { frameworkKey, type FrameworkKey } from '../engine/compliance.js';
import { CONTENT_TYPES, resolveContentType } from '../engine/content-type.js';
import { checkTextSize, LIMITS } from '../engine/limits.js';
import type { SecurityScanner } from '../scanner-service.js';
import { ComplianceStatus, SeverityEnum } from './shared-schemas.js';
import { PATTERN_LIMITS, TEXT_LIMIT, grouped } from './limit-notes.js';

/** The start of `text`, cut at a line end: what the AI review sees. */
const head = (text: string, size: number) => (text.length <= size ? text : text.slice(0, Math.max(text.lastIndexOf('\n', size), 1)));

export const analyzeContentSecurityTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'analyze_content_security',
    title: 'Analyze content security',
    description:
      'Find secrets, credentials, personal data, code vulnerabilities and insecure configuration in a text, each with line, rule, severity and compliance impact; secrets are never echoed. Use it before sharing or committing content; to mask what it finds, use generate_content_masking.',
    input: Params({
      content: Type.String({ description: `Code, configuration, logs or docs to analyse. ${TEXT_LIMIT(LIMITS.analyzedText)}` }),
      contentType: Type.Optional(Type.String({ maxLength: 32, description: `One of ${CONTENT_TYPES.join(', ')}; absent or "general": detected.` })),
      enhancedMode: Type.Optional(Type.Boolean({ description: 'Also ask the client model (MCP sampling) to review the masked content.' })),
      enableTreeSitterAnalysis: Type.Optional(Type.Boolean({ description: 'Parse JS, TS or Python for secrets in variables and input reaching eval, exec or SQL.' })),
      userDefinedPatterns: Type.Optional(Type.Array(Type.String(), { description: `Extra regexes to report as sensitive. ${PATTERN_LIMITS}` })),
      checkFilePatterns: Type.Optional(Type.Boolean({ description: 'Also flag sensitive file names mentioned (.env, id_rsa, *.pem...).' })),
      strictValidation: Type.Optional(Type.Boolean({ description: 'Run every rule whatever the content type.' })),
      complianceFrameworks: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8, description: 'GDPR, PCI-DSS, HIPAA, SOX (default: all four).' })),
      confidenceThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Drop findings whose rule confidence is below this.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      securityIssues: Type.Array(
        Type.Object({
          type: Type.String({ description: 'Category: secret, credential, pii, vulnerability, configuration, sensitive-file.' }),
          severity: SeverityEnum,
          line: Type.Optional(Type.Integer()),
          column: Type.Optional(Type.Integer()),
          pattern: Type.String({ description: 'The id of the rule that matched.' }),
          description: Type.String(),
          recommendation: Type.String(),
          confidence: Type.Number(),
          compliance: Type.Optional(Type.Array(Type.String())),
          cwe: Type.Optional(Type.String()),
          owasp: Type.Optional(Type.String()),
        }),
        { description: `The findings, at most ${grouped(LIMITS.findings)}: the most severe first, then the earliest; listed in text order.` },
      ),
      totalFindings: Type.Integer({ description: 'How many findings there are in all (securityIssues may list fewer).' }),
      truncated: Type.Boolean({ description: 'True when securityIssues, locations or astFindings list only some of the findings.' }),
      riskLevel: SeverityEnum,
      maskingRecommended: Type.Boolean(),
      patterns: Type.Object({
        detected: Type.Array(Type.String()),
        confidence: Type.Number({ description: 'Mean confidence of the findings (0 when none).' }),
        locations: Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer(), pattern: Type.String(), context: Type.String({ description: 'The line, every sensitive value on it masked, at most 160 characters.' }) }), {
          description: 'Where each listed finding is (the same findings as securityIssues).',
        }),
      }),
      recommendations: Type.Array(Type.String()),
      compliance: Type.Object({ gdpr: ComplianceStatus, pci: ComplianceStatus, hipaa: ComplianceStatus, sox: ComplianceStatus }),
      treeAnalysis: Type.Optional(
        Type.Object({
          language: Type.Union([Type.String(), Type.Null()]),
          astFindings: Type.Array(
            Type.Object({ nodeType: Type.String(), securityImplication: Type.String(), recommendation: Type.String(), line: Type.Integer(), column: Type.Integer(), pattern: Type.String() }),
            { description: `At most ${grouped(LIMITS.findings)}, in text order.` },
          ),
          totalFindings: Type.Integer(),
        }),
      ),
      contentType: Type.String({ description: 'The content type used, and whether it was detected.' }),
      contentTypeDetected: Type.Boolean(),
      counts: Type.Object({ total: Type.Integer(), bySeverity: Type.Record(Type.String(), Type.Integer()), byCategory: Type.Record(Type.String(), Type.Integer()) }),
      analysisMode: StringEnum(['deterministic', 'ai-assisted'] as const),
      aiReview: Type.Optional(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, { ai, signal }) {
      checkTextSize(input.content, 'content', LIMITS.analyzedText);
      const { contentType, detected } = resolveContentType(input.contentType, input.content);
      const frameworks = input.complianceFrameworks?.map((name, i) => {
        const key = frameworkKey(name);
        if (!key) throw new ValidationError(`parameter "complianceFrameworks[${i}]" must be one of GDPR, PCI-DSS, HIPAA, SOX (got "${name}")`, { parameter: 'complianceFrameworks' });
        return key;
      }) as FrameworkKey[] | undefined;
      const report = await scanner.run(
        'analyzeContent',
        {
          content: input.content,
          contentType,
          strictValidation: input.strictValidation,
          confidenceThreshold: input.confidenceThreshold,
          checkFilePatterns: input.checkFilePatterns,
          userDefinedPatterns: input.userDefinedPatterns,
          frameworks,
          treeSitter: input.enableTreeSitterAnalysis,
        },
        { signal },
      );

      let aiReview: string | undefined;
      if (input.enhancedMode && ai.available()) {
        const masked = scanner.maskSecrets(head(input.content, 20_000), 'strict').text;
        aiReview = (await ai.complete({ prompt: `Review this ${contentType} content for security problems a rule-based scanner may miss. Secrets are already masked. Answer in at most 8 bullet points.\n\n${masked}`, maxTokens: 600, signal })).text;
      }

      const { summary: counts, ...rest } = report;
      const severities = Object.entries(counts.bySeverity).filter(([, n]) => n > 0).map(([severity, n]) => `${n} ${severity}`).join(', ');
      return {
        summary: counts.total ? `${counts.total} security findings (${severities}) in ${contentType} content.` : `No security findings in ${contentType} content.`,
        ...rest,
        counts,
        contentTypeDetected: detected,
        analysisMode: aiReview ? ('ai-assisted' as const) : ('deterministic' as const),
        ...(aiReview ? { aiReview } : {}),
      };
    },
  });
