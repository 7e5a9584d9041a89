/**
 * A custom domain for the site: validated as a host name, and where its CNAME
 * file goes so that the build copies it into the output. Each generator copies
 * a different folder verbatim (Hugo and Docusaurus static/, MkDocs its docs_dir,
 * Jekyll the site root); for the others (Eleventy copies only what its config
 * passes through, third-party adapters are unknown) the workflow writes CNAME
 * into the output after the build instead of editing their config.
 */
import { parseDocument } from 'yaml';
import { ValidationError, type SsgAdapter } from '../../../sdk/index.js';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The domain lower-cased without a trailing dot, or a ValidationError naming customDomain. */
export function validateDomain(input: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  const fail = (why: string) => new ValidationError(`parameter "customDomain": "${input}" ${why}; give a host name such as docs.example.com`, { parameter: 'customDomain', value: input });
  if (/[/:@?#\s]/.test(domain)) throw fail('is not a bare host name (no scheme, port, path or spaces)');
  if (domain.length > 253) throw fail('is longer than 253 characters');
  const labels = domain.split('.');
  if (labels.length < 2) throw fail('has no top-level domain');
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad !== undefined) throw fail(`has an invalid label "${bad}" (letters, digits and inner hyphens, 1-63 characters)`);
  if (!/^[a-z]{2,63}$|^xn--[a-z0-9-]+$/.test(labels.at(-1)!)) throw fail('has a top-level domain that is not letters');
  return domain;
}

/**
 * The folder, relative to the site dir, whose files the generator copies as they are into the
 * output; null when the workflow must add CNAME itself. `read` gives a site file's text (mkdocs.yml).
 */
export function staticDirFor(adapter: SsgAdapter, read: (path: string) => string | undefined): string | null {
  switch (adapter.id) {
    case 'jekyll':
      return '.';
    case 'hugo':
    case 'docusaurus':
      return 'static';
    case 'mkdocs': {
      const config = read('mkdocs.yml') ?? read('mkdocs.yaml');
      const docsDir = config === undefined ? undefined : parseDocument(config).get('docs_dir');
      return typeof docsDir === 'string' && docsDir.trim() ? docsDir.trim().replace(/\/+$/, '') : 'docs';
    }
    default:
      return null;
  }
}
