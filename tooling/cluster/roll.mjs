#!/usr/bin/env node
/**
 * `npm run cluster:roll`: asks the running `npm run start:cluster` (its control endpoint) to restart
 * every replica one at a time, each after the previous is ready again; prints each step.
 * Env: CLUSTER_OFFSET (the cluster's port offset, default 0).
 */
import { clusterTopology } from './topology.mjs';

const { ports } = clusterTopology({ offset: Number(process.env.CLUSTER_OFFSET || 0), replicas: 1 });
try {
  const res = await fetch(`http://127.0.0.1:${ports.control}/roll`, { method: 'POST' });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || `HTTP ${res.status}`);
  for (const step of body.steps) console.log(`${step.replica.padEnd(18)} restarted and ready in ${step.ms} ms`);
} catch (err) {
  console.error(`cluster:roll: ${err.cause?.code === 'ECONNREFUSED' ? `no cluster answers on 127.0.0.1:${ports.control} (is \`npm run start:cluster\` running?)` : err.message}`);
  process.exit(1);
}
