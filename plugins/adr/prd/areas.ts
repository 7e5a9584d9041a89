import { MORE_AREA_IDS, MORE_AREAS } from './more-areas.js';

/**
 * The decision areas a PRD can imply, each with the words that show a requirement in the
 * area (cues), the options a team would really weigh (so "considered options" are real),
 * one well-known strength and weakness per option, and the title words an existing ADR on
 * the same topic would carry.
 */

export const AREA_IDS = ['storage', 'hosting', 'auth', 'secrets', 'messaging', 'api', 'frontend', 'desktop', 'performance', 'compliance', 'observability', ...MORE_AREA_IDS] as const;
export type AreaId = (typeof AREA_IDS)[number];

export interface AreaOption {
  name: string;
  /** How the option reads mid-sentence, when not as its name ("horizontal autoscaling"). */
  phrase?: string;
  pattern: RegExp;
  /** A name several areas share ("Redis" caches and queues): the option counts only in sentences that also match this. */
  context?: RegExp;
  /** Compliance controls: the regimes the control serves, so a GDPR-only PRD is not offered payment tokenisation. */
  regimes?: string[];
  /** A fallback rather than a usual candidate: offered only when the PRD names it. */
  onlyWhenNamed?: boolean;
  /**
   * What the system must have for the option to apply, unless the PRD names it: a database
   * (read replicas), web pages or assets served to browsers (a CDN), load stated as throughput
   * or concurrency (autoscaling). A latency target on one outbound call gets none of them.
   */
  appliesWhen?: Array<keyof PrdFacts>;
  /** A fact that rules the option out unless the PRD names it: no cache for a PRD that excludes one. */
  unlessFact?: keyof PrdFacts;
  good: string;
  /** Absent for an option the project brings (a detection): its drawbacks are not known here. */
  bad?: string;
}

export interface DecisionArea {
  id: AreaId;
  /** For messages: "storage/database". */
  label: string;
  /** "the primary database": used in titles and the Y-statement's context. */
  topic: string;
  question: string;
  /** Sentences that state a requirement in this area without naming an option. */
  cues: RegExp;
  options: AreaOption[];
  /** Requirement areas combine options (caching and autoscaling); choice areas pick among them. */
  kind: 'choice' | 'requirement';
  /** "Use PostgreSQL as the primary database"; `regimes` are the compliance regimes the PRD names. */
  chosenTitle(names: string, regimes: string[]): string;
  openTitle(regimes: string[]): string;
  /** Words in an existing ADR's title or tags that show it covers this topic. */
  covers: RegExp;
  /**
   * How a sentence names a technology the options table does not hold as this area's choice:
   * group 1 is the name, group 2 the kind of thing ("in a SQLite database file", "in JSON files").
   */
  frame?: RegExp;
  /** The thing a sentence can rule out ("no new database"), naming it in the decision "No database". */
  absent?: { noun: RegExp; name: string };
}

/**
 * Senses of an area's words that belong to another topic, removed before cues and coverage are
 * tested: a payment "pre-authorisation" or the `AUTHORISATION` webhook is not user authorization.
 */
const OTHER_SENSES: Partial<Record<AreaId, RegExp>> = {
  auth: /`[A-Z_]*AUTHORI[SZ]ATION[A-Z_]*`|\bpre-?authori[sz]\w*|\b(?:payment|card|capture and) authori[sz]\w*|\bauthori[sz]ations?\b(?=\s*(?:webhooks?|notifications?|adjustments?|amounts?|holds?|(?:of|for) (?:the |a )?(?:payments?|amounts?|funds|cards?)))/gi,
};

/** `text` with the words that mean something else for `area` blanked out. */
export function ownSense(area: DecisionArea, text: string): string {
  const other = OTHER_SENSES[area.id];
  return other ? text.replace(other, ' ') : text;
}

/**
 * Whether `text` rules the area out: "no external cache or database is introduced",
 * "without a queue", "does not need a database", "a database is not needed".
 */
export function rulesOut(area: DecisionArea, text: string): boolean {
  if (!area.absent) return false;
  const noun = area.absent.noun.source;
  // "no cache or database", but not "no downtime and database migrations": the noun must not modify another.
  const qualifier = '(?:(?:new|external|additional|extra|separate|dedicated|persistent|other|own)\\s+|[\\w-]+\\s+or\\s+)*';
  const head = '\\b(?!\\s+(?:migrations?|schemas?|quer(?:y|ies)|calls?|access|load|reads?|writes?|changes?|connections?|backups?|tables?|records?|rows?)\\b)';
  return new RegExp(
    `\\b(?:no|without(?:\\s+an?|\\s+any)?)\\s+${qualifier}(?:${noun})${head}` +
      `|\\b(?:does|do|will|must|should|need|needs)\\s+not\\s+(?:need|require|use|introduce|add|run)\\s+(?:an?\\s+|any\\s+)?${qualifier}(?:${noun})${head}` +
      `|\\b(?:${noun})\\s+(?:is|are)\\s+(?:not\\s+(?:needed|required|used|introduced)|unnecessary|out of scope)`,
    'i',
  ).test(text);
}

/** What the PRD as a whole says about the system, deciding which options apply. */
export interface PrdFacts {
  /** A database is chosen or needed, and not ruled out. */
  database: boolean;
  /** Web pages, a web front end or static assets are served. */
  web: boolean;
  /** Load is stated as throughput, concurrency or peaks. */
  load: boolean;
  /** Slow or bulk work the PRD names (emails, reports, imports, batches). */
  backgroundWork: boolean;
  /** The PRD rules a cache out ("no external cache", "without a cache"). */
  cacheRuledOut: boolean;
}

/** Regimes are drivers, not options: a PRD that names GDPR does not choose it over HIPAA. */
export const COMPLIANCE_REGIMES: Array<{ name: string; pattern: RegExp }> = [
  { name: 'GDPR', pattern: /\bGDPR\b|\bgeneral data protection regulation\b/i },
  { name: 'HIPAA', pattern: /\bHIPAA\b/i },
  { name: 'PCI DSS', pattern: /\bPCI(?:[- ]?DSS)?\b/i },
  { name: 'SOC 2', pattern: /\bSOC ?2\b/i },
  { name: 'ISO 27001', pattern: /\bISO(?:\/IEC)? ?27001\b/i },
  { name: 'CCPA', pattern: /\bCCPA\b|\bCPRA\b/i },
];

/** A quantity with a unit: "200 ms", "99.9%", "5,000 orders per minute", "10k concurrent users". */
export const TARGET = /\b\d[\d,.]*\s*(?:k\b|m\b)?\s*(?:ms|milliseconds?|s\b|sec(?:onds?)?|minutes?|%|percent|rps|tps|qps|req(?:uests)?\/s|(?:requests|orders|transactions|events|messages|users|sessions|calls|payments)\b)/i;

/** "A", "A and B", "A, B and C". */
export function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export const AREAS: DecisionArea[] = [
  {
    id: 'storage',
    label: 'storage/database',
    topic: 'the primary database',
    question: 'Which database stores the system\'s data?',
    cues: /\b(databases?|data ?stores?|datastores?|persist(?:ed|ence)|relational|NoSQL|ACID|transactional (?:storage|guarantees|consistency)|strong(?:ly)? consisten\w*|data retention|backups?|point-in-time recovery)\b/i,
    kind: 'choice',
    options: [
      { name: 'PostgreSQL', pattern: /\bpostgres(?:ql)?\b/i, good: 'it gives ACID transactions, rich SQL and mature tooling', bad: 'the team owns schema migrations and capacity planning, or pays for a managed service such as RDS or Cloud SQL' },
      { name: 'MySQL', pattern: /\bmysql\b|\bmariadb\b/i, good: 'it is a widely hosted, well-understood relational database', bad: 'it has fewer advanced SQL features (JSON indexing, extensions) than PostgreSQL' },
      { name: 'MongoDB', pattern: /\bmongo(?:db)?\b/i, good: 'its document model suits data whose shape changes', bad: 'joins and multi-document transactions are limited compared with a relational database' },
      { name: 'DynamoDB', pattern: /\bdynamo(?:db)?\b/i, good: 'it is fully managed and scales without capacity planning', bad: 'access patterns must be designed up front and the data layer is tied to AWS' },
      { name: 'SQL Server', pattern: /\b(?:sql server|mssql|azure sql)\b/i, good: 'it has strong tooling and integrates with the Microsoft stack', bad: 'licences cost money outside Azure' },
      { name: 'SQLite', pattern: /\bsqlite3?\b/i, onlyWhenNamed: true, good: 'it is an embedded database in a single file, with no server to run', bad: 'one writer at a time, and the file is local to one machine' },
    ],
    chosenTitle: (names) => `Use ${names} as the primary database`,
    openTitle: () => 'Choose the primary database',
    covers: /\b(databases?|data ?stores?|datastores?|persistence|storage)\b/i,
    absent: { noun: /databases?|data ?stores?|datastores?/, name: 'No database' },
    // Case-sensitive: a product name is capitalised or in code ("SQLite", "JSON", "`LiteFS`"), followed by what it is.
    frame: /\b(?:stor(?:e|es|ed|ing)|keeps?|kept|persist(?:s|ed|ing)?|sav(?:e|es|ed|ing)|writ(?:e|es|ten|ing))\b[^.;]{0,60}?\b(?:in|into|to|on)\s+(?:an?\s+|the\s+|its own\s+|their own\s+|one\s+)?([A-Z][A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*|`[^`\s]{2,40}`)\s+((?:database|DB)(?:\s+files?)?|files?|buckets?|tables?|stores?)\b/,
  },
  {
    id: 'hosting',
    label: 'hosting/deployment',
    topic: 'the hosting platform',
    question: 'Where does the system run?',
    cues: /\b(cloud provider|public cloud|hosting|hosted (?:in|on)|deploy(?:ed|ment)? (?:to|in|on)|(?:two|multiple|several|\d+) regions|availability zones?|data ?cent(?:er|re)s?|on-?prem(?:ise|ises)?|self-hosted|serverless)\b/i,
    kind: 'choice',
    options: [
      // The container platform the PRD names is the choice ("AWS ECS Fargate"), not only its cloud.
      { name: 'AWS ECS Fargate', pattern: /\b(?:(?:aws|amazon)\s+)?(?:ecs(?:\s+(?:on\s+)?fargate)?|fargate)\b/i, onlyWhenNamed: true, good: 'containers run without servers or a cluster to manage', bad: 'task definitions and networking are AWS-specific, and there is no Kubernetes ecosystem to lean on' },
      { name: 'Kubernetes', pattern: /\b(?:kubernetes|k8s)\b(?!\s+secrets?\b)/i, onlyWhenNamed: true, good: 'one portable platform for every service, with a large ecosystem', bad: 'the cluster itself (upgrades, networking, capacity) is work for the team or a paid managed service' },
      { name: 'AWS', pattern: /\b(?:aws|amazon web services|ec2|eks|aws lambda)\b/i, good: 'it offers the broadest set of managed services (databases, queues, identity) and regions', bad: 'services and IAM are AWS-specific, which raises the cost of moving away' },
      { name: 'Google Cloud', pattern: /\b(?:gcp|google cloud|gke|cloud run)\b/i, good: 'it offers strong managed Kubernetes (GKE) and data services', bad: 'it has fewer managed services and regions than AWS' },
      { name: 'Azure', pattern: /\b(?:azure|aks)\b/i, good: 'it integrates with Microsoft identity (Entra ID) and enterprise agreements', bad: 'services are Azure-specific, which raises the cost of moving away' },
      { name: 'Vercel', pattern: /\bvercel\b/i, good: 'it deploys web front ends and serverless functions from git with previews per branch and a global edge network', bad: 'long-running services, queues and databases need another platform' },
      { name: 'Netlify', pattern: /\bnetlify\b/i, good: 'it deploys static and serverless web apps from git with no servers to run', bad: 'back-end services and data need another platform' },
      { name: 'On-premises', pattern: /\bon-?prem(?:ise|ises)?\b|\bown data ?cent(?:er|re)s?\b/i, good: 'the team controls where data lives and the hardware it runs on', bad: 'the team runs hardware, capacity and failover itself' },
    ],
    chosenTitle: (names) => `Host the system on ${names}`,
    openTitle: () => 'Choose the hosting platform',
    // "Infrastructure" alone (infrastructure as code) is tooling, not where the system runs.
    covers: /\b(host(?:ing|ed)?|cloud (?:provider|platform|infrastructure)|deploy(?:ment)? platform|infrastructure (?:provider|platform))\b/i,
  },
  {
    id: 'auth',
    label: 'authentication/authorization',
    topic: 'authentication and authorization',
    question: 'How do users sign in, and how are their permissions checked?',
    cues: /\b(log ?in|sign[- ]?in|sign[- ]?on|SSO|authenticat\w*|authori[sz]\w*|MFA|2FA|multi-factor|two-factor|role-based|RBAC|permissions|identity provider|IdP|OAuth ?2?(?:\.0)?|OIDC|OpenID Connect|SAML|JWTs?)\b/i,
    kind: 'choice',
    options: [
      { name: 'Auth0', pattern: /\bauth0\b/i, good: 'it provides hosted login, MFA and social or enterprise connections out of the box', bad: 'it is priced per user and puts a third party in the login path' },
      { name: 'Okta', pattern: /\bokta\b/i, good: 'it provides enterprise single sign-on (SAML, OIDC) and directory integration', bad: 'it is expensive at consumer scale' },
      { name: 'Amazon Cognito', pattern: /\bcognito\b/i, good: 'it provides managed user pools integrated with AWS services', bad: 'its hosted login is hard to customise, and it ties sign-in to AWS' },
      { name: 'Keycloak', pattern: /\bkeycloak\b/i, good: 'it is an open-source OIDC and SAML server with no per-user fees', bad: 'the team runs, patches and scales it' },
      { name: 'GitHub OAuth', pattern: /\bgithub (?:oauth|sign[- ]?in|log ?in|SSO)\b|\b(?:sign|log)[- ]?in (?:with|via|through) github\b/i, good: 'developers sign in with the account they already have, with no passwords to store', bad: 'users without a GitHub account, and enterprise SSO, need another identity provider' },
      { name: 'Google sign-in', pattern: /\bgoogle (?:oauth|sign[- ]?in|log ?in|SSO)\b|\b(?:sign|log)[- ]?in (?:with|via|through) google\b/i, good: 'most users already have a Google account', bad: 'users without a Google account need another way in' },
      { name: 'Microsoft Entra ID', pattern: /\b(?:entra(?: id)?|azure ad|azure active directory)\b/i, good: 'it gives single sign-on to organisations on Microsoft 365', bad: 'it is less suited to consumer sign-up' },
    ],
    chosenTitle: (names) => `Use ${names} for authentication`,
    openTitle: () => 'Choose how users authenticate and are authorized',
    covers: /\b(authenticat\w*|authori[sz]\w*|identity|sign[- ]?in|log ?in|SSO|single sign-on)\b/i,
  },
  {
    id: 'secrets',
    label: 'secrets/key management',
    topic: 'key and secret custody',
    question: 'Where are keys and secrets kept, and how does the system use them?',
    cues: /\b(key custody|key management|secrets? (?:management|store|storage)|(?:private|signing|encryption) keys?|HSM)\b/i,
    kind: 'choice',
    options: [
      { name: 'Kubernetes Secrets', pattern: /\b(?:kubernetes|k8s) secrets?\b/i, good: 'no extra service: the secret is mounted into the pod by the platform already in use', bad: 'secrets are only base64 in etcd unless encryption at rest is configured, and anyone who can read the namespace can read them' },
      { name: 'AWS KMS', pattern: /\baws kms\b|(?<!cloud )\bkms\b|\baws key management service\b/i, good: 'keys never leave the HSM-backed service, and every use is logged in CloudTrail', bad: 'each signature is a network call to AWS, and it ties key use to AWS' },
      { name: 'AWS Secrets Manager', pattern: /\bsecrets manager\b/i, good: 'managed storage and rotation of secrets with IAM access control', bad: 'the secret is handed to the application, so it sits in process memory; AWS-specific' },
      { name: 'HashiCorp Vault', pattern: /\b(?:hashicorp )?(?<!key )vault\b/i, good: 'one secrets service for every platform, with dynamic secrets and a transit (sign/encrypt) engine', bad: 'the team runs, unseals and backs up a highly available Vault cluster, or pays for HCP Vault' },
      { name: 'Azure Key Vault', pattern: /\bazure key vault\b|\bkey vault\b/i, good: 'managed keys and secrets integrated with Entra ID', bad: 'it ties key use to Azure' },
      { name: 'Google Cloud KMS', pattern: /\b(?:google )?cloud kms\b|\bsecret manager\b/i, good: 'managed keys integrated with Google Cloud IAM', bad: 'it ties key use to Google Cloud' },
    ],
    chosenTitle: (names) => `Keep keys and secrets in ${names}`,
    openTitle: () => 'Choose where keys and secrets are kept',
    covers: /\b(secrets?|key (?:custody|management|storage)|KMS|vault)\b/i,
  },
  {
    id: 'messaging',
    label: 'messaging/events',
    topic: 'messaging between services',
    question: 'How do services exchange events and messages?',
    cues: /\b(domain events?|event[- ]driven|(?:publish\w*|emit\w*|consum\w*) (?:an? |the )?(?:\w+ )?events?|events? (?:are|is|must be|should be|will be) (?:published|emitted|consumed|delivered)|asynchronous(?:ly)?|message (?:bus|broker|queue)s?|event (?:bus|stream\w*)|queues?)\b/i,
    kind: 'choice',
    options: [
      { name: 'Apache Kafka', pattern: /\bkafka\b|\bamazon msk\b/i, good: 'it keeps a durable, replayable event log at high throughput', bad: 'someone has to run (or pay for) a cluster and plan partitions' },
      { name: 'RabbitMQ', pattern: /\brabbit ?mq\b/i, good: 'it offers flexible routing and simple work queues', bad: 'messages are gone once consumed: no replay of history' },
      { name: 'Amazon SQS/SNS', pattern: /\b(?:sqs|sns)\b/i, good: 'it offers fully managed queues and fan-out with no servers to run', bad: 'it is AWS-specific, and ordering needs FIFO queues with lower throughput' },
      { name: 'Google Pub/Sub', pattern: /\b(?:google (?:cloud )?|cloud )pub\/?sub\b/i, good: 'it is fully managed, global messaging', bad: 'it ties messaging to Google Cloud' },
      // Job libraries (BullMQ, Sidekiq) are named as themselves, in the background-jobs area.
      { name: 'Redis job queue', phrase: 'a Redis job queue', onlyWhenNamed: true, pattern: /\bredis\b/i, context: /\bqueues?\b|\bjobs?\b|\bworkers?\b|\bstreams?\b|\bpub\/?sub\b/i, good: 'a Redis the team already runs carries background jobs with simple libraries (BullMQ, Sidekiq)', bad: 'durability depends on Redis persistence settings, and there is no long-term replay' },
      { name: 'NATS', pattern: /\bnats\b/i, good: 'it is lightweight, very low-latency messaging (JetStream adds persistence)', bad: 'its ecosystem is smaller than Kafka\'s or RabbitMQ\'s' },
    ],
    chosenTitle: (names) => `Use ${names} for messaging between services`,
    openTitle: () => 'Choose the messaging platform for events',
    // Topic phrases only: "events" or "queue" alone (analytics events, a support queue) is not a messaging decision.
    absent: { noun: /(?:message |event )?(?:queues?|brokers?|bus)/, name: 'No message broker' },
    covers: /\b(messag(?:e|es|ing)|event[- ]driven|event (?:bus|brokers?|stream\w*|platform|backbone)|(?:message|job|task|work|background[- ]job) queues?|brokers?|pub\/?sub|streaming)\b/i,
  },
  {
    id: 'api',
    label: 'interfaces/API style',
    topic: 'the API style',
    question: 'Which style do the system\'s APIs follow?',
    // Endpoints only as the system's own ("API endpoints"), not the addresses of other systems it calls.
    cues: /\b(public API|partner API|APIs? (?:for|to|must|should|will)|API (?:clients|consumers|contract|gateway)|(?:API|HTTP|REST) endpoints?|endpoints? (?:for|to) (?:clients|partners|consumers)|third[- ]party (?:clients|integrations?)|webhooks?)\b/i,
    kind: 'choice',
    options: [
      { name: 'REST', pattern: /\bREST(?:ful)?\b|\bOpenAPI\b/, good: 'tooling is everywhere, HTTP caching works, and OpenAPI gives a contract', bad: 'composite views need several round trips or bespoke endpoints' },
      { name: 'GraphQL', pattern: /\bgraphql\b/i, good: 'clients fetch exactly the data they need in one request', bad: 'caching, rate limiting and query cost control are harder' },
      { name: 'gRPC', pattern: /\bgrpc\b|\bprotocol buffers\b|\bprotobuf\b/i, good: 'it gives compact binary contracts and streaming for service-to-service calls', bad: 'browsers need a proxy (gRPC-Web) and calls are harder to inspect by hand' },
    ],
    chosenTitle: (names) => `Use ${names} for the system's APIs`,
    openTitle: () => 'Choose the API style',
    covers: /\b(APIs?|REST(?:ful)?|GraphQL|gRPC|interface style)\b/i,
  },
  {
    id: 'frontend',
    label: 'web front end',
    topic: 'the web front end',
    question: 'Which framework builds the web front end?',
    cues: /\b(web (?:app|application|front[- ]?end|UI|client)|front[- ]?end|single[- ]page app\w*|SPA)\b/i,
    kind: 'choice',
    options: [
      { name: 'React', pattern: /\bReact(?:\.js|JS)?\b(?! to\b)/, good: 'it has the largest ecosystem and hiring pool', bad: 'routing, data fetching and state need further libraries or a framework such as Next.js' },
      { name: 'Angular', pattern: /\bAngular\b/, good: 'it is a batteries-included framework with strong conventions', bad: 'it has a steeper learning curve and heavier bundles' },
      { name: 'Vue', pattern: /\bVue(?:\.js)?\b/, good: 'it has a gentle learning curve and single-file components', bad: 'its enterprise ecosystem is smaller than React\'s' },
      { name: 'Next.js', pattern: /\bNext(?:\.js|JS)\b/, good: 'it adds routing, server rendering and data fetching to React, and deploys well to Vercel', bad: 'its server features tie the app to a Node or edge runtime, and major versions change conventions' },
      { name: 'Remix', pattern: /\bRemix\b|\bReact Router v?7\b/, good: 'it builds on web standards (forms, fetch) with nested routes and server loaders', bad: 'its ecosystem is smaller than Next.js\'s' },
      { name: 'Nuxt', pattern: /\bNuxt(?:\.js)?\b/, good: 'it adds routing and server rendering to Vue', bad: 'it ties the app to Vue\'s smaller ecosystem' },
      { name: 'SvelteKit', pattern: /\bSvelteKit\b/, good: 'it adds routing and server rendering to Svelte, with small bundles', bad: 'its ecosystem and hiring pool are smaller' },
      { name: 'Svelte', pattern: /\bSvelte\b(?!Kit)/, good: 'it compiles to small, fast bundles', bad: 'its ecosystem and hiring pool are smaller' },
    ],
    chosenTitle: (names) => `Use ${names} for the web front end`,
    openTitle: () => 'Choose the web front-end framework',
    covers: /\b(front[- ]?end|web (?:UI|app|client)|UI framework|SPA)\b/i,
  },
  {
    id: 'desktop',
    label: 'desktop UI',
    topic: 'the desktop user interface',
    question: 'Which toolkit builds the desktop user interface?',
    cues: /\b(desktop (?:app\w*|UI|GUI|client)|GUI|native (?:app|window)s?)\b/i,
    kind: 'choice',
    options: [
      { name: 'PySide6', pattern: /\bpyside\d*\b/i, good: 'the official Qt bindings for Python, LGPL-licensed, with native widgets on every desktop', bad: 'Qt wheels are large, and packaging a Python desktop app needs extra tooling' },
      { name: 'PyQt', pattern: /\bpyqt\d*\b/i, good: 'mature Qt bindings for Python with a long track record', bad: 'GPL or a commercial licence, and large Qt wheels' },
      { name: 'Electron', pattern: /\belectron\b/i, good: 'web technologies build one app for every desktop', bad: 'each app ships a browser engine: large downloads and memory use' },
      { name: 'Tauri', pattern: /\btauri\b/i, good: 'small binaries using the system web view, with a Rust core', bad: 'web views differ between operating systems, and the ecosystem is young' },
      { name: 'Tkinter', pattern: /\btkinter\b/i, onlyWhenNamed: true, good: 'it ships with Python, with nothing to install', bad: 'its widgets look dated and offer little beyond basics' },
    ],
    chosenTitle: (names) => `Use ${names} for the desktop UI`,
    openTitle: () => 'Choose the desktop UI toolkit',
    covers: /\b(desktop (?:UI|app\w*|GUI|client)|GUI|UI toolkit)\b/i,
    // "The desktop UI must use PySide6": a toolkit the table lacks is still the choice.
    frame: /\b(?:desktop (?:UI|app\w*|GUI|client)|GUI)\b[^.;]{0,40}?\b(?:use|uses|using|built (?:with|on)|written (?:with|in))\s+([A-Z][A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*|`[^`\s]{2,40}`)()/,
  },
  {
    id: 'performance',
    label: 'performance/scalability',
    topic: 'meeting the performance targets',
    question: 'How does the system meet its latency and throughput targets?',
    cues: /\b(latency|response times?|throughput|requests? per (?:second|minute)|RPS|TPS|p9[59]|p99\.9|percentile|concurrent (?:users|sessions|requests)|peak (?:load|traffic|hours?)|scal(?:e|able|ability|ing) (?:to|up|out|horizontally)|uptime|availability of)\b|\b(?:in|within) (?:under |less than )?\d[\d,.]* ?(?:ms|milliseconds?|seconds?)\b/i,
    kind: 'requirement',
    options: [
      { name: 'Redis cache', phrase: 'a Redis cache', pattern: /\bredis\b|\belasticache\b/i, context: /\bcach\w*|\belasticache\b|\bin-memory\b|\bhot reads?\b/i, appliesWhen: ['database'], unlessFact: 'cacheRuledOut', good: 'hot reads are served from memory, relieving the database', bad: 'cache invalidation must be designed, and there is another component to run' },
      { name: 'Horizontal autoscaling', phrase: 'horizontal autoscaling', pattern: /\bauto-?scal\w*|\bhorizontal(?:ly)? scal\w*|\bscale out\b/i, appliesWhen: ['load'], good: 'capacity follows load, with no single large server', bad: 'services must be stateless, and there are more instances to observe' },
      { name: 'CDN', phrase: 'a CDN', pattern: /\b(?:CDN|CloudFront|Cloudflare|Fastly|Akamai)\b/i, appliesWhen: ['web'], good: 'static assets and cacheable pages are served close to users', bad: 'cache rules and purges must be managed' },
      { name: 'Read replicas', phrase: 'read replicas', pattern: /\bread replicas?\b/i, appliesWhen: ['database'], good: 'read load is spread over replicas', bad: 'replication lag: reads may be slightly stale' },
      { name: 'Asynchronous processing', phrase: 'asynchronous processing', pattern: /\b(?:process\w* asynchronously|background (?:jobs?|workers?)|async(?:hronous)? processing)\b/i, appliesWhen: ['load', 'backgroundWork'], good: 'slow work leaves the request path, keeping responses fast', bad: 'results arrive later, and failures must be retried and surfaced' },
    ],
    chosenTitle: (names) => `Meet the performance targets with ${names}`,
    openTitle: () => 'Decide how to meet the performance targets',
    covers: /\b(performance|scal\w+|latency|throughput|caching|cache)\b/i,
  },
  {
    id: 'compliance',
    label: 'compliance/security',
    topic: 'compliance and data protection',
    question: 'Which controls make the system meet the regulations the PRD names?',
    cues: /\b(GDPR|HIPAA|PCI(?:[- ]?DSS)?|SOC ?2|ISO(?:\/IEC)? ?27001|CCPA|data residency|personal data|PII|PHI|cardholder data|card data|encrypt\w*|audit (?:logs?|trails?)|right to (?:be forgotten|erasure)|data protection)\b/i,
    kind: 'requirement',
    options: [
      { name: 'Tokenised payments via a PCI DSS certified provider', phrase: 'tokenised payments via a PCI DSS certified provider', pattern: /\b(?:stripe|adyen|braintree|tokeni[sz]\w*|payment (?:provider|gateway)|hosted payment)\b|\bcard (?:data|numbers?|details) (?:never|do(?:es)? not) (?:pass\w*|touch\w*|reach\w*|enter\w*)\b/i, context: /\bcard\b|\bcards\b|\bcardholder\b|\bPCI\b|\bpayment data\b/i, regimes: ['PCI DSS'], good: 'card data never reaches our systems, which keeps most of them out of PCI DSS scope', bad: 'payments depend on the provider\'s availability and fees' },
      { name: 'Encryption at rest and in transit with managed keys', phrase: 'encryption at rest and in transit with managed keys', pattern: /\bencrypt\w*|\bTLS ?1\.[23]\b/i, regimes: ['GDPR', 'HIPAA', 'PCI DSS', 'SOC 2', 'ISO 27001', 'CCPA'], good: 'stolen disks or backups reveal nothing, and key use is audited', bad: 'keys must be rotated, and key-service calls sit on the data path' },
      { name: 'Data residency in a single jurisdiction', phrase: 'data residency in a single jurisdiction', pattern: /\bdata residency\b|\b(?:stored|kept|hosted|remain)\s+(?:\w+\s+){0,3}(?:in|within) the (?:EU|European Union|EEA|UK|US)\b|\bEU region\b/i, regimes: ['GDPR', 'CCPA', 'HIPAA'], good: 'there is a clear answer to where personal data lives', bad: 'there are fewer regions to fail over to' },
      { name: 'Central audit log of access to personal data', phrase: 'a central audit log of access to personal data', pattern: /\baudit (?:logs?|trails?)\b/i, regimes: ['HIPAA', 'PCI DSS', 'SOC 2', 'ISO 27001', 'GDPR'], good: 'auditors and incident investigations get evidence', bad: 'the log\'s retention and access to it must be controlled' },
      { name: 'Data subject request workflow (export and erasure)', phrase: 'a data subject request workflow (export and erasure)', pattern: /\bright to (?:be forgotten|erasure|access)\b|\b(?:export|erase|delete)(?: (?:or|and) (?:export|erase|delete))? (?:their|a customer's|personal) (?:personal )?data\b/i, regimes: ['GDPR', 'CCPA'], good: 'requests are answered within the legal deadline', bad: 'every store of personal data must support export and deletion' },
      { name: 'Consent management', phrase: 'consent management', pattern: /\bconsent\b|\bopt[- ]?(?:in|out)\b|\bcookie banner\b/i, regimes: ['GDPR', 'CCPA'], good: 'processing that needs consent is recorded, and withdrawing consent is honoured', bad: 'every feature that uses personal data must check the consent record' },
      { name: 'Business associate agreements with every vendor handling PHI', phrase: 'business associate agreements with every vendor handling PHI', pattern: /\bBAAs?\b|\bbusiness associate agreements?\b/i, regimes: ['HIPAA'], good: 'each vendor that touches health data is contractually bound to protect it', bad: 'vendors without a BAA (many analytics and email services) are ruled out' },
    ],
    // The regimes are the decision's subject whether or not the PRD names the controls.
    chosenTitle: (_names, regimes) => (regimes.length > 0 ? `Meet ${joinNames(regimes)} requirements` : 'Protect personal data as the PRD requires'),
    openTitle: (regimes) => (regimes.length > 0 ? `Decide how to meet ${joinNames(regimes)} requirements` : 'Decide how to protect personal data'),
    covers: /\b(compliance|GDPR|HIPAA|PCI|SOC ?2|ISO ?27001|privacy|data protection|personal data)\b/i,
  },
  {
    id: 'observability',
    label: 'observability',
    topic: 'observability',
    question: 'How is the system monitored, logged and traced?',
    cues: /\b(observability|monitor(?:ing|ed)|alert(?:s|ing)|(?:monitoring|operational|metrics|grafana) dashboards?|(?:distributed )?tracing|metrics|structured logs?|log aggregation|on-call)\b/i,
    kind: 'choice',
    options: [
      { name: 'OpenTelemetry', pattern: /\bopen ?telemetry\b|\bOTel\b/i, good: 'traces, metrics and logs stay vendor-neutral', bad: 'a backend is still needed to store and query the data' },
      // Each product under its own name: a PRD naming Grafana Tempo names neither Prometheus nor Grafana dashboards.
      { name: 'Prometheus', pattern: /\bprometheus\b/i, good: 'it gives open-source metrics and alerting', bad: 'the team runs and scales the monitoring stack' },
      { name: 'Grafana', pattern: /\bgrafana\b(?!\s+(?:tempo|loki|mimir)\b)/i, good: 'it gives open-source dashboards over many data sources', bad: 'it stores nothing itself: a metrics, logs or traces backend is still needed' },
      { name: 'Grafana Tempo', pattern: /\b(?:grafana\s+)?tempo\b/i, context: /\btrac(?:e|es|ing)\b|\bgrafana\b|\bopen ?telemetry\b/i, onlyWhenNamed: true, good: 'it stores traces cheaply in object storage, queried from Grafana', bad: 'it holds traces only: metrics and logs need other backends' },
      { name: 'Grafana Loki', pattern: /\b(?:grafana\s+)?loki\b/i, onlyWhenNamed: true, good: 'it stores logs cheaply by indexing labels only', bad: 'full-text search over logs is slower than in a search cluster' },
      { name: 'Datadog', pattern: /\bdatadog\b/i, good: 'it keeps hosted metrics, traces and logs in one place', bad: 'cost grows with hosts and log volume' },
      { name: 'Amazon CloudWatch', pattern: /\bcloudwatch\b/i, good: 'it is built into AWS, with no agents for managed services', bad: 'it is AWS-only, and cross-service tracing is weak without X-Ray' },
      { name: 'OpenSearch/ELK', pattern: /\b(?:ELK|elasticsearch|opensearch|kibana)\b/i, good: 'it gives full-text search over logs', bad: 'someone has to size and run a cluster' },
    ],
    chosenTitle: (names) => `Use ${names} for observability`,
    openTitle: () => 'Choose the observability stack',
    covers: /\b(observability|monitoring|logging|tracing|metrics|telemetry)\b/i,
  },
  ...MORE_AREAS,
];
