// A deterministic "mixed" text for throughput runs: source code, YAML, logs and
// Markdown in rotation, with a fake secret sprinkled in about every 150 lines.
const BLOCKS = [
  (i) => `export async function handler${i}(req, res) {\n  const user = await db.users.findOne({ id: req.params.id });\n  if (!user) return res.status(404).json({ error: 'not found' });\n  res.json({ id: user.id, name: user.name, plan: user.plan });\n}\n`,
  (i) => `service_${i}:\n  image: registry.local/app:${i % 17}.${i % 5}\n  replicas: ${i % 4 + 1}\n  env:\n    LOG_LEVEL: info\n    REGION: eu-west-${i % 3 + 1}\n`,
  (i) => `2026-11-22T10:${String(i % 60).padStart(2, '0')}:12.${i % 1000}Z INFO request id=${(i * 7919) % 100000} path=/api/orders/${i} status=200 ms=${i % 300}\n`,
  (i) => `## Section ${i}\n\nThe ordering service keeps carts for ${i % 30} days. See the runbook for rollback steps and the on-call rota.\n\n`,
  (i) => `def compute_${i}(items):\n    total = sum(item.price * item.qty for item in items)\n    return round(total * 1.${i % 9}, 2)\n\n`,
];

function fake(length, seed, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789') {
  let x = seed * 2654435761 || 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    out += alphabet[Math.abs(x) % alphabet.length];
  }
  return out;
}

const SECRETS = [
  (s) => `AWS_ACCESS_KEY_ID=AKIA${fake(16, s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}\n`,
  (s) => `const token = "ghp_${fake(36, s)}";\n`,
  (s) => `DATABASE_URL=postgres://app:${fake(18, s)}@db.internal:5432/shop\n`,
  (s) => `stripe.setKey('sk_live_${fake(24, s)}');\n`,
  (s) => `password: "${fake(20, s)}!9"\n`,
];

export function mixedText(bytes) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block = i % 30 === 29 ? SECRETS[(i / 30) % SECRETS.length | 0](i) : BLOCKS[i % BLOCKS.length](i);
    parts.push(block);
    size += block.length;
  }
  return parts.join('').slice(0, bytes);
}
