/**
 * Links to other records resolve: by number ("ADR 5", "[…](0005-x.md)") to a record of the
 * catalogue, by file to a file of the folder. The catalogue finds them (discover_existing_adrs
 * reports the same ones); this names the line.
 */
import { problemFindings, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';

export const linkFindings = (ctx: ValidationContext): Finding[] => problemFindings(ctx, ['broken-link']);
