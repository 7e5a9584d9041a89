/** A realistic PRD for the generate_adrs_from_prd tests: an orders platform with data, hosting, auth, events, performance and compliance sections. */
export const ORDERS_PRD = `---
owner: Commerce team
status: approved
---
# Orders Platform PRD

## Overview

Merchants take orders from the web shop and from partner marketplaces. Today orders live in spreadsheets and a legacy PHP app; this platform replaces both.

## Goals

- Merchants see every order in one place within seconds of it being placed.
- Customer support can find an order by customer email or order number.

## Data

- Orders, order lines and payments must be stored in PostgreSQL so that an order and its payment are written in one ACID transaction.
- We considered MongoDB for the product catalogue, but it was ruled out: the catalogue is relational too.
- Order history must be retained for 7 years, with daily backups and point-in-time recovery.

## Hosting

The platform must run on AWS, in the eu-west-1 region, using managed services wherever possible.

## Authentication and authorization

Merchant staff sign in with single sign-on through Okta, with MFA enforced. Support agents get role-based access: they can read orders but not refund them.

## Events and integrations

When an order is placed, paid or shipped, an event is published so the warehouse, invoicing and analytics services can react. Events must be delivered at least once and replayable for 30 days.

\`\`\`json
{ "type": "order.placed", "orderId": "o-123", "note": "we will use MySQL" }
\`\`\`

## Performance

| Metric | Target |
|---|---|
| Checkout API latency (p95) | under 300 ms |
| Peak throughput | 2,000 orders per minute during sales |

The order list must load in under 1 second for merchants with 100,000 orders.

## Compliance

- The platform processes personal data of EU customers and must comply with GDPR, including the right to erasure.
- Card payments are handled by Stripe; card numbers never touch our servers, which keeps us within PCI DSS SAQ A.

## Out of scope

- A native mobile app.
`;

/** Product copy with no architectural content. */
export const COPY_PRD = `# Spring campaign landing page

## Goals

Tell returning customers about the spring collection and the free returns policy.

## Audience

People who bought at least once in the last year.

## Tone

Friendly, short sentences, no jargon.
`;
