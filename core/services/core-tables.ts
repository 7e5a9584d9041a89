/** The kernel's tables (store-migrations.ts), as Kysely sees them. */
export interface CoreTables {
  cache: { key: string; value: string; size: number; created_at: number; expires_at: number | null; hits: number };
  resources: { uri: string; kind: string; id: string; name: string; mime_type: string; content: string; created_at: string };
  confirmations: {
    token: string;
    fingerprint: string;
    action: string;
    description: string;
    risks: string;
    benefits: string;
    status: string;
    via: string;
    comment: string | null;
    requested_at: string;
    decided_at: string | null;
    expires_at: string;
  };
}
