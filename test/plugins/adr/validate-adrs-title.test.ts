/**
 * title-mismatch on real folders: files named by a few keywords of the title (in any order, a spec
 * number or version beside them) match it; a file naming another technology than its title does not.
 */
import { describe, expect, it } from 'vitest';
import { titleMatchesFile } from '../../../plugins/adr/validate/title.js';

describe('validate_adrs title rule', () => {
  it.each([
    ['Lock fee module upon escrow out of balance', 'docs/architecture/adr-004-ics29-lock-fee-module.md'],
    ['UpdateClient Events - ClientState Consensus Heights', 'docs/architecture/adr-005-consensus-height-events.md'],
    ['ICS-20 transfer state entry for total amount of tokens in escrow', 'docs/architecture/adr-011-transfer-total-escrow-state-entry.md'],
    ['Use Next.js for the storefront', 'docs/decisions/20200925-use-nextjs.md'],
  ])('"%s" matches %s', (title, path) => expect(titleMatchesFile(title, path)).toBe(true));

  it.each([
    ['Use RabbitMQ for order events', 'docs/adrs/0002-use-kafka-for-order-events.md'],
    ['Callback to IBC Actors', 'docs/architecture/adr-008-app-caller-cbs.md'],
  ])('"%s" does not match %s', (title, path) => expect(titleMatchesFile(title, path)).toBe(false));
});
