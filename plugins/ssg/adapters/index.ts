/** The built-in adapters, in the order of the `ssg` enum (the spec's order). */
import type { SsgAdapter } from '../../../sdk/index.js';
import { docusaurus } from './docusaurus.js';
import { eleventy } from './eleventy.js';
import { hugo } from './hugo.js';
import { jekyll } from './jekyll.js';
import { mkdocs } from './mkdocs.js';

export const BUILTIN_ADAPTERS: readonly SsgAdapter[] = [jekyll, hugo, docusaurus, mkdocs, eleventy];
