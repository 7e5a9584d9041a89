/**
 * One database holds every pack's tables and the kernel's; each pack may touch
 * only its own, named `<packid>_...`. The guard is a Kysely plugin on the
 * pack's instance: before a query runs, every table it names (in a built query,
 * in the schema builder, and in raw `sql` text) must carry the prefix. The same
 * guard checks migrations, so a migration naming another table is refused
 * before its first statement runs, inside the transaction that would record it.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { namedObjects } from '../kernel/pack-migrations.js';

interface Node {
  kind?: string;
  [key: string]: unknown;
}

/** Names raw SQL reads or writes rows of (DDL is read by namedObjects). */
const RAW_DML = /\b(?:FROM|JOIN|INTO|UPDATE)\s+((?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)(?:\s*\.\s*(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*))?)/gi;
const stripLiterals = (sql: string) => sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g, ' ');
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);

/** Every table or index name a query's node tree names, with the CTE names and table aliases it defines (those are not tables). */
function collectNames(root: Node): { names: Array<{ role: string; name: string; schema?: string }>; ctes: Set<string> } {
  const names: Array<{ role: string; name: string; schema?: string }> = [];
  const ctes = new Set<string>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Node;
    switch (node.kind) {
      case 'AliasNode': {
        // `memory_nodes as n`: the table is checked below; `n` then names it in column references.
        const aliased = node.node as Node;
        const alias = (node.alias as { name?: string } | undefined)?.name;
        if (aliased?.kind === 'TableNode' && alias) ctes.add(alias.toLowerCase());
        break;
      }
      case 'CommonTableExpressionNameNode': {
        const table = node.table as Node & { table: { identifier: { name: string } } };
        ctes.add(table.table.identifier.name.toLowerCase());
        return;
      }
      case 'TableNode': {
        const id = node.table as { schema?: { name: string }; identifier: { name: string } };
        names.push({ role: 'table', name: id.identifier.name, schema: id.schema?.name });
        return;
      }
      case 'CreateIndexNode':
      case 'AddIndexNode':
        names.push({ role: 'index', name: (node.name as { name: string }).name });
        break;
      case 'DropIndexNode': {
        const id = node.name as { schema?: { name: string }; identifier: { name: string } };
        names.push({ role: 'index', name: id.identifier.name, schema: id.schema?.name });
        break;
      }
      case 'RawNode': {
        const sql = (node.sqlFragments as string[]).join(' ? ');
        for (const object of namedObjects(sql)) names.push({ role: object.role, name: object.name, schema: object.schema });
        for (const match of stripLiterals(sql).matchAll(RAW_DML)) {
          const parts = match[1]!.split('.').map((part) => unquote(part.trim()));
          names.push({ role: 'table', name: parts[parts.length - 1]!, schema: parts.length > 1 ? parts[0] : undefined });
        }
        break;
      }
    }
    for (const key of Object.keys(node)) if (key !== 'kind') visit(node[key]);
  };
  visit(root);
  return { names, ctes };
}

/** A foreign name found in a query: what it is and the name, for the caller's error. */
export interface ForeignName {
  role: string;
  name: string;
}

/** The first name in `node` that is not `prefix...` (nor a CTE the query defines), or null. */
export function foreignName(node: RootOperationNode, prefix: string, reserved: ReadonlySet<string>): ForeignName | null {
  const { names, ctes } = collectNames(node as unknown as Node);
  for (const { role, name, schema } of names) {
    const lower = name.toLowerCase();
    // "excluded" is the row an upsert's ON CONFLICT would have inserted, on both engines: not a table.
    if (ctes.has(lower) || lower === 'excluded') continue;
    const schemaOk = schema === undefined || ['main', 'public'].includes(schema.toLowerCase());
    if (!schemaOk || !lower.startsWith(prefix) || reserved.has(lower)) return { role: schemaOk ? role : `${role} in schema "${schema}"`, name };
  }
  return null;
}

/** The plugin: `refuse` builds the error thrown for a foreign name (TP_STORE_TABLE_FOREIGN for queries, TP_MIGRATION_INVALID for migrations). */
export function tableGuard(prefix: string, reserved: ReadonlySet<string>, refuse: (found: ForeignName) => Error): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const found = foreignName(node, prefix, reserved);
      if (found) throw refuse(found);
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
}
