/**
 * Architecture styles: subjects of decisions that are no technology (no package, file or image
 * shows one, only the scanner's architecture signals), so the catalogue does not hold them and
 * they keep their own names and prose names here.
 */
import type { DecisionSubject } from './types.js';

export const ARCHITECTURE_STYLES: DecisionSubject[] = [
  {
    id: 'monorepo', name: 'a monorepo', area: 'architecture', title: 'Keep the packages in one monorepo',
    text: [/\bmono-?repos?\b/i, 'npm workspaces', 'pnpm workspaces', 'Yarn workspaces', 'Turborepo', /\bNx\b/, 'Lerna'],
    evidence: { architecture: 'monorepo' },
  },
  {
    id: 'multiple-services', name: 'separately deployable services', area: 'architecture', title: 'Split the system into separately deployable services',
    text: ['microservices', 'microservice', 'micro-services', 'service-oriented', 'separate services', 'multiple services', 'separately deployable'],
    evidence: { architecture: 'multiple-services' },
  },
  {
    id: 'event-driven', name: 'event-driven integration', area: 'architecture', title: 'Integrate components through asynchronous events',
    text: ['event-driven', 'event driven', 'event sourcing', 'domain events', 'event bus', 'publish/subscribe', 'pub/sub', 'message-driven'],
    evidence: { architecture: 'event-driven' },
  },
  {
    id: 'layered', name: 'a layered architecture', area: 'architecture', priority: 'medium',
    reason: 'folder structure is cheap to evolve, but new code should follow one recorded structure', title: 'Organise the code in layers (routes, services, data access)',
    text: ['layered architecture', 'layered', 'n-tier', 'three-tier', 'MVC', 'Model-View-Controller'],
    // Domain/application/infrastructure folders are layers too; the hexagonal suggestion already covers them.
    evidence: { architecture: ['layered', 'hexagonal'] }, impliedBy: ['hexagonal'],
  },
  {
    id: 'hexagonal', name: 'a hexagonal architecture', area: 'architecture', priority: 'medium',
    reason: 'ports and adapters only pay off when everyone keeps the domain free of infrastructure code, so the rule needs recording', title: 'Adopt a hexagonal (ports and adapters) architecture',
    text: ['hexagonal', 'ports and adapters', 'ports & adapters', 'clean architecture', 'onion architecture'],
    evidence: { architecture: 'hexagonal' },
  },
  {
    // No folder layout shows module boundaries inside one deployable: checked against nothing, reported as not verifiable.
    id: 'modular-monolith', name: 'a modular monolith', area: 'architecture', text: ['modular monolith', 'modulith'], evidence: {}, suggest: false,
  },
];
