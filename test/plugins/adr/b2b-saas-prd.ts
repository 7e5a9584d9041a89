/**
 * Two PRDs for issue 27 item 4, written as teams write them: a B2B SaaS with a "Technical
 * decisions" section of explicit choices, rejected alternatives, non-goals and open
 * questions; and a shorter one worded differently ("We chose …", "We decided against …", "TBD: … vs. …").
 */
export const FIELD_OPS_PRD = `---
owner: Platform team
status: in review
---
# Fieldwork: B2B field-service scheduling, PRD

## Summary

Fieldwork lets service companies (HVAC, elevators, fire safety) plan technician visits, capture
work orders on site and invoice their customers. Each customer company is a tenant; the first
ten tenants are onboarded in Q3.

## Goals

- Dispatchers plan a week of visits for up to 400 technicians in one screen.
- Technicians see today's jobs on a phone, offline included, and close a work order in under two minutes.
- Tenant admins export their work orders and invoices as CSV at any time.

## Functional requirements

1. Dispatchers drag visits between technicians; conflicts are flagged at once.
2. Reminder e-mails go out the evening before each visit.
3. Invoices are generated nightly from closed work orders.
4. Every change to a work order is kept in an audit trail visible to tenant admins.

## Technical decisions

- The backend is built with NestJS on Node 20.
- Primary data store: PostgreSQL 16 on Amazon RDS.
- Multi-tenancy: shared schema with PostgreSQL row-level security; schema-per-tenant was considered and rejected because migrations would run once per tenant.
- Background jobs run on BullMQ (reminders, nightly invoicing).
- Observability: OpenTelemetry traces exported to Grafana Tempo.
- Deploy as containers on AWS ECS Fargate.
- Infrastructure as code with Terraform.
- Frontend: React with Next.js.

## Rejected options

- GraphQL for the public API: the partner integrations we know of all expect plain HTTP endpoints.
- A native mobile app: the technician view is a responsive web page first.

## Non-goals

- Payroll and technician time sheets.
- Route optimisation across days (we only order the visits of one day).
- On-premises installations.

## Open questions

- Auth provider: Auth0 or Keycloak?
- Do tenants need their own sub-domain at launch?

## Success metrics

- 80% of work orders closed on the phone within 2 minutes of the visit ending.
- Dispatchers plan a week in under 30 minutes.
`;

/** Worded differently: "We chose", "decided against", "TBD: … vs. …", "Decision:", "Rejected:", "is not yet decided". */
export const CLINIC_NOTES_PRD = `# Clinic notes PRD

## Context

Therapists write session notes and share summaries with patients.

## Architecture

- We chose Django for the back end because the team knows it and the admin saves weeks.
- We decided against GraphQL; partners get plain REST endpoints documented with OpenAPI.
- TBD: Kafka vs. RabbitMQ for the event feed to the billing system.
- Decision: session notes are kept in PostgreSQL, encrypted per clinic.
- Rejected: MongoDB (notes are joined with appointments and invoices).
- Whether therapists sign in with Okta or Microsoft Entra ID is not yet decided.

## Open questions

- Do the Django admin pages need their own audit view at launch?
`;
