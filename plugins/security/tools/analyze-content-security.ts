import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import { complianceReport, frameworkKey, type FrameworkKey } from '../engine/compliance.js';
import { CONTENT_TYPES, resolveContentType } from '../engine/content-type.js';
import { maskedLine } from '../engine/line-context.js';
import { maskedExcerpt } from '../engine/masker.js';
import { userPatternRules } from '../engine/user-patterns.js';
import type { SecurityScanner } from '../scanner-service.js';
import { SEVERITIES, type Severity } from '../rules/types.js';
import { ComplianceStatus, SeverityEnum } from './shared-schemas.js';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const MASKABLE = new Set(['secret', 'credential', 'pii']); // categories whose values are masked

export const analyzeContentSecurityTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'analyze_content_security',
    title: 'Analyze content security',
    description:
      'Find secrets and credentials (cloud, source-host, SaaS and registry tokens, private keys, JWTs, connection strings, passwords), personal data (emails, phone numbers, SSNs, Luhn-valid cards, IBANs), code vulnerabilities (SQL injection, XSS, command injection, path traversal, eval, weak crypto, disabled TLS checks) and insecure configuration in a text. Use it before sharing, committing or storing content; every issue has its line and column, rule id, severity, confidence, CWE/OWASP and compliance impact, and secrets are never echoed in full.',
    input: Params({
      content: Type.String({ description: 'The text to analyse: code, configuration, logs or documentation.' }),
      contentType: Type.Optional(Type.String({ description: `What the content is: ${CONTENT_TYPES.join(', ')}. Absent or "general": detected from the content. Code-vulnerability rules run on code and mixed content.` })),
      enhancedMode: Type.Optional(Type.Boolean({ description: 'Also ask the client model (MCP sampling) for a review of the masked content, when the client offers sampling.' })),
      enableTreeSitterAnalysis: Type.Optional(Type.Boolean({ description: 'Parse JavaScript, TypeScript or Python code and add treeAnalysis.astFindings (secrets assigned to variables, dynamic input reaching eval, exec or SQL).' })),
      userDefinedPatterns: Type.Optional(Type.Array(Type.String(), { description: 'Extra regular expressions to report as sensitive for this call.' })),
      checkFilePatterns: Type.Optional(Type.Boolean({ description: 'Also flag sensitive file names mentioned in the content (.env, id_rsa, *.pem, credentials.json, ...).' })),
      strictValidation: Type.Optional(Type.Boolean({ description: 'Run every rule whatever the content type, and recommend masking for any finding.' })),
      complianceFrameworks: Type.Optional(Type.Array(Type.String(), { description: 'Frameworks to assess: GDPR, PCI-DSS, HIPAA, SOX (default: all four).' })),
      confidenceThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Drop findings whose rule confidence is below this (0 to 1).' })),
    }),
    output: Type.Object({
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
      ),
      riskLevel: SeverityEnum,
      maskingRecommended: Type.Boolean(),
      patterns: Type.Object({
        detected: Type.Array(Type.String()),
        confidence: Type.Number({ description: 'Mean confidence of the findings (0 when none).' }),
        locations: Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer(), pattern: Type.String(), context: Type.String() })),
      }),
      recommendations: Type.Array(Type.String()),
      compliance: Type.Object({ gdpr: ComplianceStatus, pci: ComplianceStatus, hipaa: ComplianceStatus, sox: ComplianceStatus }),
      treeAnalysis: Type.Optional(
        Type.Object({
          language: Type.Union([Type.String(), Type.Null()]),
          astFindings: Type.Array(
            Type.Object({ nodeType: Type.String(), securityImplication: Type.String(), recommendation: Type.String(), line: Type.Integer(), column: Type.Integer(), pattern: Type.String() }),
          ),
        }),
      ),
      contentType: Type.String({ description: 'The content type used, and whether it was detected.' }),
      contentTypeDetected: Type.Boolean(),
      summary: Type.Object({ total: Type.Integer(), bySeverity: Type.Record(Type.String(), Type.Integer()), byCategory: Type.Record(Type.String(), Type.Integer()) }),
      analysisMode: StringEnum(['deterministic', 'ai-assisted'] as const),
      aiReview: Type.Optional(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, { ai, signal }) {
      const { contentType, detected } = resolveContentType(input.contentType, input.content);
      const frameworks = input.complianceFrameworks?.map((name, i) => {
        const key = frameworkKey(name);
        if (!key) throw new ValidationError(`parameter "complianceFrameworks[${i}]" must be one of GDPR, PCI-DSS, HIPAA, SOX (got "${name}")`, { parameter: 'complianceFrameworks' });
        return key;
      }) as FrameworkKey[] | undefined;
      const { findings, lines } = scanner.scan(input.content, {
        contentType: input.strictValidation ? 'mixed' : contentType,
        confidenceThreshold: input.confidenceThreshold,
        includeSensitiveFiles: input.checkFilePatterns ?? false,
        extraRules: userPatternRules(input.userDefinedPatterns, 'userDefinedPatterns'),
      });

      const securityIssues = findings.map((f) => ({
        type: f.rule.category,
        severity: f.rule.severity,
        line: f.line,
        column: f.column,
        pattern: f.rule.id,
        description: MASKABLE.has(f.rule.category) ? `${f.rule.description} (${maskedExcerpt(f.value)})` : f.rule.description,
        recommendation: f.rule.recommendation,
        confidence: f.rule.confidence,
        ...(f.rule.compliance?.length ? { compliance: f.rule.compliance } : {}),
        ...(f.rule.cwe ? { cwe: f.rule.cwe } : {}),
        ...(f.rule.owasp ? { owasp: f.rule.owasp } : {}),
      }));
      const maxRank = Math.max(-1, ...findings.map((f) => RANK[f.rule.severity]));
      const count = <K extends string>(keys: K[]) => keys.reduce<Record<string, number>>((acc, k) => ((acc[k] = (acc[k] ?? 0) + 1), acc), {});

      let treeAnalysis;
      if (input.enableTreeSitterAnalysis) {
        const { analyzeTree, detectLanguage } = await import('../engine/tree-analysis.js');
        const language = detectLanguage(input.content, contentType);
        const astFindings = language ? await analyzeTree(input.content, language) : [];
        treeAnalysis = {
          language,
          astFindings: astFindings.map((a) => ({ nodeType: a.nodeType, securityImplication: a.securityImplication, recommendation: a.recommendation, line: a.line, column: a.column, pattern: a.id })),
        };
      }

      const recommendations = [...new Set(findings.map((f) => f.rule.recommendation))];
      if (findings.some((f) => MASKABLE.has(f.rule.category))) recommendations.unshift('Mask the sensitive values (generate_content_masking) before sharing this content, then check the result with validate_content_masking.');

      let aiReview: string | undefined;
      if (input.enhancedMode && ai.available()) {
        const masked = scanner.maskSecrets(input.content, 'strict').text.slice(0, 20_000);
        aiReview = (await ai.complete({ prompt: `Review this ${contentType} content for security problems a rule-based scanner may miss. Secrets are already masked. Answer in at most 8 bullet points.\n\n${masked}`, maxTokens: 600, signal })).text;
      }

      return {
        securityIssues,
        riskLevel: maxRank < 0 ? ('low' as const) : SEVERITIES[maxRank]!,
        maskingRecommended: findings.some((f) => MASKABLE.has(f.rule.category) && (input.strictValidation || RANK[f.rule.severity] >= RANK.medium)),
        patterns: {
          detected: [...new Set(findings.map((f) => f.rule.id))],
          confidence: findings.length ? Math.round((findings.reduce((s, f) => s + f.rule.confidence, 0) / findings.length) * 100) / 100 : 0,
          locations: findings.map((f) => ({ line: f.line, column: f.column, pattern: f.rule.id, context: maskedLine(findings, lines, f.line) })),
        },
        recommendations,
        compliance: complianceReport(findings, frameworks),
        ...(treeAnalysis ? { treeAnalysis } : {}),
        contentType,
        contentTypeDetected: detected,
        summary: { total: findings.length, bySeverity: count(findings.map((f) => f.rule.severity)), byCategory: count(findings.map((f) => f.rule.category)) },
        analysisMode: aiReview ? ('ai-assisted' as const) : ('deterministic' as const),
        ...(aiReview ? { aiReview } : {}),
      };
    },
  });
