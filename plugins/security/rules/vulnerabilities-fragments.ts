/** Pattern fragments and labels shared by the vulnerabilities-*.ts rule files. */
import type { ContentType } from './types.js';

export const CODE: ContentType[] = ['code'];

export const INJECTION = 'A03:2021-Injection';

/** A string literal concatenated with more (`'...' + x`). */
export const CONCAT = String.raw`["'][^"'\r\n]{0,300}["']\s{0,3}\+`;
/** A variable or member expression passed as an argument, not a typed parameter in a declaration (`command: string`). */
export const ARGUMENT = String.raw`[A-Za-z_$][\w$.]{0,60}(?![\w$.]|\??\s{0,3}:)`;
