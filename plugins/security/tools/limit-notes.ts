/** How the tool schemas state the security pack's input limits (engine/limits.ts holds the numbers and why). */
import { LIMITS } from '../engine/limits.js';

const MiB = 1024 * 1024;

/** 16777216 → "16,777,216". Not toLocaleString: its first call loads ICU data, ~10 ms of every server start (the schemas are built at start-up). */
export const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const TEXT_LIMIT = (limit: number) => `At most ${grouped(limit)} characters (${limit / MiB} MiB); longer is refused.`;

export const PATTERN_LIMITS = `At most ${LIMITS.patterns} patterns of up to ${LIMITS.patternLength} characters; JavaScript syntax (bare or /pattern/flags, flags i m s), run by RE2: no backreferences or lookarounds.`;
