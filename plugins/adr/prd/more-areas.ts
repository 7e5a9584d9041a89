/**
 * Decision areas a SaaS PRD states beside the classic ones: the back-end framework, how
 * tenants are isolated, how infrastructure is declared, and what runs background jobs.
 * Without them "The backend is built with NestJS" or "Multi-tenancy: shared schema with
 * row-level security" got no record at all. Types only from areas.ts (it imports this file).
 */
import type { DecisionArea } from './areas.js';

export const MORE_AREA_IDS = ['backend', 'tenancy', 'infrastructure', 'jobs'] as const;

export const MORE_AREAS: DecisionArea[] = [
  {
    id: 'backend',
    label: 'back end',
    topic: 'the back-end framework',
    question: 'Which framework and runtime build the back end?',
    cues: /\bback[- ]?end (?:framework|language|runtime|stack)\b|\bserver[- ]side framework\b/i,
    kind: 'choice',
    options: [
      { name: 'NestJS', pattern: /\bnest ?js\b/i, good: 'modules, dependency injection and decorators give a large TypeScript code base one structure', bad: 'its abstractions (decorators, DI container) add indirection and startup cost over plain Express or Fastify' },
      { name: 'Express', pattern: /\bExpress(?:\.js|JS)?\b/, context: /\bnode(?:\.js)?\b|\bserver\b|\bAPI\b|\bframework\b|\bback[- ]?end\b|\bExpress(?:\.js|JS)\b/i, good: 'it is the most widely known Node.js HTTP framework, small and flexible', bad: 'structure, validation and dependency injection are left to the team' },
      { name: 'Fastify', pattern: /\bfastify\b/i, good: 'it is a fast Node.js framework with schema-based validation', bad: 'its plugin ecosystem is smaller than Express\'s' },
      { name: 'Django', pattern: /\bdjango\b/i, good: 'batteries included: ORM, migrations, admin and authentication', bad: 'async support is partial, and the monolithic conventions resist splitting' },
      { name: 'Ruby on Rails', pattern: /\b(?:Ruby on )?Rails\b/, good: 'conventions and generators make CRUD features fast to build', bad: 'runtime performance and typing are weaker than in compiled stacks' },
      { name: 'Spring Boot', pattern: /\bspring boot\b|\bspring framework\b/i, good: 'a mature JVM framework with integrations for almost everything', bad: 'memory use and startup time are high, and configuration can be opaque' },
      { name: 'FastAPI', pattern: /\bfast ?api\b/i, good: 'typed Python endpoints with OpenAPI generated from the code', bad: 'ORM, migrations and admin come from other libraries' },
      { name: 'ASP.NET Core', pattern: /\basp\.?net(?: core)?\b|\b\.NET (?:Core|\d)/i, good: 'a fast, typed framework with first-class tooling on the Microsoft stack', bad: 'the hiring pool and libraries are tied to .NET' },
      { name: 'Laravel', pattern: /\blaravel\b/i, good: 'a batteries-included PHP framework with queues, ORM and auth', bad: 'PHP\'s request model makes long-lived connections and workers extra infrastructure' },
    ],
    chosenTitle: (names) => `Build the back end with ${names}`,
    openTitle: () => 'Choose the back-end framework',
    covers: /\b(back[- ]?end|server[- ]side) (?:framework|language|runtime|stack)\b|\bNestJS\b|\bDjango\b|\bRails\b|\bSpring Boot\b/i,
  },
  {
    id: 'tenancy',
    label: 'multi-tenancy',
    topic: 'tenant isolation',
    question: 'How are tenants\' data kept apart?',
    cues: /\bmulti-?tenan\w*|\btenant (?:isolation|data)\b|\bisolat\w* (?:between |of )?tenants?\b/i,
    kind: 'choice',
    options: [
      { name: 'Shared schema with row-level security', phrase: 'a shared schema with row-level security', pattern: /\bshared (?:database )?schema\b|\brow[- ]level security\b|\bRLS\b|\btenant[_ ]id column\b/i, good: 'one schema to migrate and operate, and the database itself enforces the tenant filter', bad: 'a policy mistake exposes data across tenants, and one noisy tenant affects the others' },
      { name: 'Schema per tenant', phrase: 'a schema per tenant', pattern: /\bschema[- ]per[- ]tenant\b|\b(?:separate|one|a) schemas? (?:per|for each) tenant\b/i, good: 'tenants are separated by the database\'s namespaces, and one tenant can be restored alone', bad: 'every migration runs once per tenant, and thousands of schemas strain the catalogue' },
      { name: 'Database per tenant', phrase: 'a database per tenant', pattern: /\b(?:database|db)[- ]per[- ]tenant\b|\b(?:separate|one|a) databases? (?:per|for each) tenant\b/i, good: 'the strongest isolation, with per-tenant backups, residency and scaling', bad: 'the most databases to provision, migrate and pay for' },
    ],
    chosenTitle: (names) => `Multi-tenancy: ${names.replace(/^(?:a|an) /, '').replace(/ and (?:a|an) /g, ' and ')}`,
    openTitle: () => 'Choose how tenants are isolated',
    covers: /\bmulti-?tenan\w*|\btenan(?:t|cy) isolation\b|\brow[- ]level security\b/i,
  },
  {
    id: 'infrastructure',
    label: 'infrastructure as code',
    topic: 'infrastructure as code',
    question: 'How is the infrastructure declared and changed?',
    cues: /\binfrastructure[- ]as[- ]code\b|\bIaC\b/i,
    kind: 'choice',
    options: [
      { name: 'Terraform', pattern: /\bterraform\b/i, good: 'one declarative language for every cloud, with a plan before each change', bad: 'state files must be stored, locked and protected; the licence is no longer open source (OpenTofu is the fork)' },
      { name: 'OpenTofu', pattern: /\bopen ?tofu\b/i, good: 'the open-source fork of Terraform, compatible with its providers', bad: 'a younger project, with state to store and lock as in Terraform' },
      { name: 'Pulumi', pattern: /\bpulumi\b/i, good: 'infrastructure in a general-purpose language the team already writes', bad: 'programs can hide what a change does, and state is kept in its service or a backend' },
      { name: 'AWS CloudFormation', pattern: /\bcloud ?formation\b/i, good: 'native to AWS, with no state file to manage', bad: 'AWS only, and verbose templates' },
      { name: 'AWS CDK', pattern: /\b(?:aws )?cdk\b/i, good: 'CloudFormation written in TypeScript or Python', bad: 'AWS only, and synthesised templates can surprise' },
    ],
    chosenTitle: (names) => `Manage infrastructure as code with ${names}`,
    openTitle: () => 'Choose the infrastructure-as-code tool',
    covers: /\binfrastructure[- ]as[- ]code\b|\bIaC\b|\bTerraform\b|\bPulumi\b|\bCloudFormation\b/i,
  },
  {
    id: 'jobs',
    label: 'background jobs',
    topic: 'background jobs',
    question: 'What runs the system\'s background jobs?',
    // "background jobs" as a topic; a "background-job queue" named with its broker stays messaging.
    cues: /\bbackground jobs\b|\bjob (?:runner|scheduler)s?\b/i,
    kind: 'choice',
    options: [
      { name: 'BullMQ', pattern: /\bbull ?mq\b/i, good: 'Node.js job queues on Redis with retries, delays and rate limits', bad: 'durability depends on Redis persistence, and Redis must be run or bought' },
      { name: 'Sidekiq', pattern: /\bsidekiq\b/i, good: 'fast, widely used Ruby job processing on Redis', bad: 'durability depends on Redis persistence; some features need the paid edition' },
      { name: 'Celery', pattern: /\bcelery\b/i, good: 'the usual Python task queue, on RabbitMQ or Redis', bad: 'its configuration and monitoring are intricate' },
      { name: 'Temporal', pattern: /\bTemporal(?:\.io)?\b/, good: 'durable workflows that survive restarts, with retries and timers built in', bad: 'a cluster to run (or Temporal Cloud to pay for), and a new programming model' },
    ],
    chosenTitle: (names) => `Run background jobs on ${names}`,
    openTitle: () => 'Choose what runs background jobs',
    covers: /\bbackground (?:jobs?|workers?|processing)\b|\bjob (?:queues?|runners?)\b|\bBullMQ\b|\bSidekiq\b|\bCelery\b/i,
  },
];
