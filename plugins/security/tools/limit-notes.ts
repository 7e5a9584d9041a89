/** How the tool schemas state the security pack's input limits (engine/limits.ts holds the numbers and why). */
import { LIMITS } from '../engine/limits.js';

/** 16777216 → "16,777,216". Not toLocaleString: its first call loads ICU data, ~10 ms of every server start (the schemas are built at start-up). */
export const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const TEXT_LIMIT = (limit: number) => `At most ${grouped(limit)} characters.`;

export const PATTERN_LIMITS = `Max ${LIMITS.patterns}, ${LIMITS.patternLength} chars each; bare or /re/flags (i m s); RE2: no lookarounds or backreferences.`;
